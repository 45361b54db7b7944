-- One row the health check writes (GET /healthz, and the check at start): the database must
-- take a write, not only answer.
CREATE TABLE health (
    id BIGINT PRIMARY KEY,
    at BIGINT NOT NULL
);
