//! The security headers every answer carries: a strict Content-Security-Policy for the page, no
//! sniffing, no framing, no referrer. Here, below both, because the routes add them to the
//! answers they make and the listener ([`crate::listen`]) to those hyper makes by itself.

/// The page's policy: its own scripts, styles, images and API only; nothing inline (styles set
/// from scripts go through the CSSOM, which the policy allows); never inside a frame.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; font-src 'self'; media-src 'self' data: blob:; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries, the page's policy first (lower-case names, as sent).
pub const SECURITY_HEADERS: [(&str, &str); 5] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
];
