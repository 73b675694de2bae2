//! A database address as it may be shown (printed, logged, put in an error): every password
//! in it masked, whichever way it was given.

/// What a password is shown as.
const MASK: &str = "***";

/// `db` with every password in it masked: a URL's `user:password@` and its `password=`
/// parameter, and the `password=` of a key=value connection string (`host=h password=x`).
pub fn shown_url(db: &str) -> String {
    match db.find("://") {
        Some(scheme) => masked_url(db, scheme + 3),
        None => masked_pairs(db),
    }
}

/// A URL whose authority starts at `start`, masked. Everything between the first `:` of the
/// user information and its last `@` is the password (the driver ends it at the first `@`; a
/// mask that reaches further hides more, never less).
fn masked_url(url: &str, start: usize) -> String {
    let mut shown = url[..start].to_owned();
    let mut rest = &url[start..];
    if let Some(at) = rest.rfind('@') {
        if let Some(colon) = rest[..at].find(':') {
            shown.push_str(&rest[..=colon]);
            shown.push_str(MASK);
            rest = &rest[at..];
        }
    }
    let Some(question) = rest.find('?') else {
        shown.push_str(rest);
        return shown;
    };
    shown.push_str(&rest[..=question]);
    let params: Vec<String> = rest[question + 1..]
        .split('&')
        .map(|param| match param.split_once('=') {
            Some((key, _)) if is_password(&percent_decoded(key)) => format!("{key}={MASK}"),
            _ => param.to_owned(),
        })
        .collect();
    shown.push_str(&params.join("&"));
    shown
}

/// A key=value connection string, masked: its keys and values read as libpq reads them
/// (spaces around `=`, values in single quotes, backslash escapes).
fn masked_pairs(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let blank = rest.len() - rest.trim_start().len();
        shown.push_str(&rest[..blank]);
        rest = &rest[blank..];
        if rest.is_empty() {
            return shown;
        }
        let key = &rest[..rest.find(|c: char| c.is_whitespace() || c == '=').unwrap_or(rest.len())];
        shown.push_str(key);
        rest = &rest[key.len()..];
        let blank = rest.len() - rest.trim_start().len();
        if !rest[blank..].starts_with('=') {
            continue;
        }
        let after = &rest[blank + 1..];
        let before_value = blank + 1 + (after.len() - after.trim_start().len());
        shown.push_str(&rest[..before_value]);
        rest = &rest[before_value..];
        let end = value_end(rest);
        shown.push_str(if is_password(key) && end > 0 { MASK } else { &rest[..end] });
        rest = &rest[end..];
    }
}

/// Where the value at the start of `text` ends: a quoted one after its closing quote, another
/// at the first blank; a backslash escapes the character after it.
fn value_end(text: &str) -> usize {
    let quoted = text.starts_with('\'');
    let mut chars = text.char_indices().skip(usize::from(quoted));
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '\'' if quoted => return i + 1,
            c if !quoted && c.is_whitespace() => return i,
            _ => {}
        }
    }
    text.len()
}

fn is_password(key: &str) -> bool {
    key.eq_ignore_ascii_case("password")
}

/// `text` with its `%XX` escapes decoded (a key the driver decodes is compared decoded).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match hex.filter(|_| bytes[i] == b'%').and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::shown_url;

    #[test]
    fn every_password_is_masked() {
        for (db, shown) in [
            ("postgres://u:secret@h/db", "postgres://u:***@h/db"),
            ("postgresql://u:se:c@r%40et@h:5432/db", "postgresql://u:***@h:5432/db"),
            ("postgres://u@h/db?password=secret", "postgres://u@h/db?password=***"),
            (
                "postgres://h/db?sslmode=disable&password=secret&user=u",
                "postgres://h/db?sslmode=disable&password=***&user=u",
            ),
            ("postgres://h/db?pass%77ord=secret", "postgres://h/db?pass%77ord=***"),
            ("postgres://h/db?PASSWORD=secret", "postgres://h/db?PASSWORD=***"),
            ("postgres://u:secret@h/db?password=secret", "postgres://u:***@h/db?password=***"),
            ("host=h password=secret dbname=db", "host=h password=*** dbname=db"),
            ("host=h password = secret", "host=h password = ***"),
            ("password='sec ret \\' x' host=h", "password=*** host=h"),
            ("host=h password=sec\\ ret", "host=h password=***"),
            ("password=secret", "password=***"),
        ] {
            assert_eq!(shown_url(db), shown, "{db}");
            assert!(!shown_url(db).contains("secret"), "{db}");
        }
    }

    #[test]
    fn what_holds_no_password_is_shown_as_it_is() {
        for db in [
            "postgres://u@h:5432/db",
            "postgres://h/db?sslmode=disable",
            "host=h user=u dbname=db",
            "/var/lib/ryg/games.sqlite3",
            "",
        ] {
            assert_eq!(shown_url(db), db);
        }
    }
}
