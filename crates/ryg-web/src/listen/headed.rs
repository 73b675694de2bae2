//! The answers hyper gives by itself, before any route sees the request — 400 for a request it
//! cannot parse, 414 for an address too long, 431 for too many or too large headers — carry the
//! security headers every other answer carries ([`SECURITY_HEADERS`]).
//!
//! hyper has no hook for those answers, so [`Headed`] wraps a connection and inserts the
//! headers after the status line of an answer head that lacks them. It tells hyper that it
//! cannot write vectored, so hyper writes each answer's head at the start of one buffer.

use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::headers::SECURITY_HEADERS;

/// A connection whose answers from hyper itself get the security headers.
pub struct Headed<T> {
    inner: T,
    /// A rewritten head still to be written, and how much of it is written.
    pending: Vec<u8>,
    written: usize,
}

impl<T> Headed<T> {
    pub fn new(inner: T) -> Headed<T> {
        Headed { inner, pending: Vec::new(), written: 0 }
    }
}

/// `buf` with the security headers after its status line, when it starts an answer head
/// (`HTTP/1.x 4xx` or `5xx`) that has none of them (hyper's own answers); else `None`.
pub fn with_headers(buf: &[u8]) -> Option<Vec<u8>> {
    let error = buf.len() > 12
        && (buf.starts_with(b"HTTP/1.1 ") || buf.starts_with(b"HTTP/1.0 "))
        && matches!(buf[9], b'4' | b'5');
    if !error {
        return None;
    }
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = &buf[..end];
    let marker = SECURITY_HEADERS[0].0.as_bytes();
    if head.windows(marker.len()).any(|w| w.eq_ignore_ascii_case(marker)) {
        return None;
    }
    let line_end = head.windows(2).position(|w| w == b"\r\n").map_or(end, |i| i);
    let mut out = Vec::with_capacity(buf.len() + 512);
    out.extend_from_slice(&buf[..line_end]);
    for (name, value) in SECURITY_HEADERS {
        out.extend_from_slice(format!("\r\n{name}: {value}").as_bytes());
    }
    out.extend_from_slice(&buf[line_end..]);
    Some(out)
}

impl<T: AsyncWrite + Unpin> Headed<T> {
    /// Writes what is left of a rewritten head.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Headed<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Headed<T> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        ready!(this.poll_pending(cx))?;
        if let Some(rewritten) = with_headers(buf) {
            // the whole of `buf` is taken: its bytes go out as part of the rewritten head
            this.pending = rewritten;
            if let Poll::Ready(Err(e)) = this.poll_pending(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn is_write_vectored(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hypers_own_answers_get_the_headers_after_their_status_line() {
        let hyper = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        let out = String::from_utf8(with_headers(hyper).unwrap()).unwrap();
        assert!(
            out.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-security-policy: "),
            "{out}"
        );
        assert!(out.contains("\r\nx-content-type-options: nosniff\r\n"), "{out}");
        assert!(out.ends_with("\r\ncontent-length: 0\r\n\r\n"), "{out}");
        for (name, value) in SECURITY_HEADERS {
            assert_eq!(out.matches(&format!("\r\n{name}: {value}\r\n")).count(), 1, "{name}");
        }
    }

    #[test]
    fn answers_that_have_them_and_everything_else_pass_unchanged() {
        let ours = "HTTP/1.1 404 Not Found\r\ncontent-security-policy: x\r\nx-content-type-options: nosniff\r\n\r\n{}";
        assert_eq!(with_headers(ours.as_bytes()), None);
        assert_eq!(with_headers(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"), None);
        assert_eq!(with_headers(b"data: HTTP/1.1 400\r\n\r\n"), None);
        // a head not whole in the buffer is left alone
        assert_eq!(with_headers(b"HTTP/1.1 400 Bad Request\r\ncontent-"), None);
    }
}
