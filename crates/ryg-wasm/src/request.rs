//! A request: its line, `METHOD /path?query`, with its query decoded into parameters; then,
//! on lines of their own, a seat's token (`Authorization: Bearer TOKEN`) and, after an empty
//! line, a body (JSON).

use ryg_api::{Params, QueryError};

/// A parsed request line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub params: Params,
    /// The seat's token the request carries (`Authorization: Bearer ...`).
    pub token: Option<String>,
    /// The body, empty when none.
    pub body: String,
}

impl Request {
    /// Reads `GET /api/solve?fen=1c1c%2F4%2F4%2F2m1+m`.
    ///
    /// # Errors
    /// When there is no method and path, or the query is not valid percent-encoded UTF-8.
    pub fn parse(text: &str) -> Result<Request, QueryError> {
        let (line, rest) = text.split_once('\n').unwrap_or((text, ""));
        let (headers, body) = rest.split_once("\n\n").unwrap_or((rest, ""));
        let mut token = None;
        for header in headers.lines().filter(|h| !h.trim().is_empty()) {
            match header.split_once(':') {
                Some((name, value)) if name.trim().eq_ignore_ascii_case("authorization") => {
                    let value = value.trim();
                    let t = value.strip_prefix("Bearer ").ok_or_else(|| {
                        QueryError::bad_request("the Authorization header is 'Bearer TOKEN'")
                    })?;
                    token = Some(t.trim().to_string()).filter(|t| !t.is_empty());
                }
                Some(_) => {}
                None => return Err(QueryError::bad_request("a header line is 'Name: value'")),
            }
        }
        let (method, target) = line
            .trim()
            .split_once(' ')
            .ok_or_else(|| QueryError::bad_request("a request is 'METHOD /path?query'"))?;
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let mut params = Params::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            params.insert(decode(k)?, decode(v)?);
        }
        Ok(Request {
            method: method.to_ascii_uppercase(),
            path: path.to_string(),
            params,
            token,
            body: body.to_string(),
        })
    }
}

/// A query component: `+` is a space, `%XX` a byte.
fn decode(text: &str) -> Result<String, QueryError> {
    let bad = || QueryError::bad_request(format!("bad percent-encoding in '{text}'"));
    let mut bytes = Vec::with_capacity(text.len());
    let mut it = text.bytes();
    while let Some(b) = it.next() {
        match b {
            b'+' => bytes.push(b' '),
            b'%' => {
                let hex = [it.next().ok_or_else(bad)?, it.next().ok_or_else(bad)?];
                let hex = std::str::from_utf8(&hex).map_err(|_| bad())?;
                bytes.push(u8::from_str_radix(hex, 16).map_err(|_| bad())?);
            }
            b => bytes.push(b),
        }
    }
    String::from_utf8(bytes).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_are_decoded() {
        let r = Request::parse("get /api/solve?fen=1c1c%2F4%2F4%2F2m1+m&depth=2").unwrap();
        assert_eq!((r.method.as_str(), r.path.as_str()), ("GET", "/api/solve"));
        assert_eq!(r.params["fen"], "1c1c/4/4/2m1 m");
        assert_eq!(r.params["depth"], "2");
    }

    #[test]
    fn bad_requests_are_refused() {
        assert!(Request::parse("nothing").is_err());
        assert!(Request::parse("GET /api/solve?fen=%zz").is_err());
        assert!(Request::parse("GET /api/solve?fen=%c3").is_err());
        assert!(Request::parse("GET /api/solve?fen=%4").is_err());
    }
}
