//! Mail through SMTP (`fiw serve --smtp URL`): an account's address verified, its password
//! reset, and "your turn" away from the page, each turn or in a daily digest. Each notice
//! carries a one-click unsubscribe (RFC 8058: `List-Unsubscribe` with `List-Unsubscribe-Post`).
//! lettre, without native TLS: rustls with ring.

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// Where mail goes out.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

/// A mail to send.
pub struct Mail {
    /// The address it goes to.
    pub to: String,
    /// Its subject.
    pub subject: String,
    /// Its text.
    pub body: String,
    /// The one-click unsubscribe address, for a notice.
    pub unsubscribe: Option<String>,
}

impl Mailer {
    /// A mailer through the SMTP server at `url` (`smtp://host:port` plain, as on one
    /// machine; `smtp://host:587?tls=required` with STARTTLS; `smtps://host` with TLS), with
    /// the password of `FIW_SMTP_PASSWORD` if the URL's user has none, from `from`.
    ///
    /// # Errors
    /// A URL or an address that does not read.
    pub fn new(url: &str, from: &str) -> Result<Mailer, String> {
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("--smtp {}: {e}", crate::redact(url)))?;
        if let Ok(password) = std::env::var("FIW_SMTP_PASSWORD") {
            let user = url::Url::parse(url)
                .ok()
                .map(|u| u.username().to_string())
                .unwrap_or_default();
            if !user.is_empty() && !password.is_empty() {
                builder = builder.credentials(Credentials::new(user, password));
            }
        }
        let from: Mailbox = from
            .parse()
            .map_err(|e| format!("--mail-from {from}: {e}"))?;
        Ok(Mailer {
            transport: builder
                .timeout(Some(std::time::Duration::from_secs(20)))
                .build(),
            from,
        })
    }

    /// Sends `mail`.
    ///
    /// # Errors
    /// The address does not read, or the SMTP server refused it.
    pub async fn send(&self, mail: Mail) -> Result<(), String> {
        let to: Mailbox = mail.to.parse().map_err(|e| format!("the address: {e}"))?;
        // a Message-ID of the sender's domain (mail without one is taken for spam), and the
        // mark of a mail no person wrote, which autoresponders do not answer (RFC 3834)
        let id = crate::tokens::new_id()?;
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .message_id(Some(format!("<{id}@{}>", self.from.email.domain())))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Auto-Submitted"),
                "auto-generated".to_string(),
            ))
            .header(ContentType::TEXT_PLAIN);
        if let Some(u) = &mail.unsubscribe {
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe"),
                    format!("<{u}>"),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                    "List-Unsubscribe=One-Click".to_string(),
                ));
        }
        let message = builder.body(mail.body).map_err(|e| e.to_string())?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}
