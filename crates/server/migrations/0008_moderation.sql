-- The operator's reason for suspending an account (`fiw admin suspend NAME --reason TEXT`),
-- shown to the account when it tries to sign in.
ALTER TABLE accounts ADD COLUMN suspended_reason TEXT;
