//! Calendar dates in UTC from a count of seconds since the Unix epoch and back, over the `time`
//! crate: the daily puzzle's date, a stored game's times, a record's `Date` tag. No clock: the
//! caller gives the time.

use time::{Date, Month, OffsetDateTime, PrimitiveDateTime, Time};

/// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the times the formats below write with a
/// four-digit year.
const FIRST: i64 = -62_135_596_800;
const LAST: i64 = 253_402_300_799;

/// The UTC date and time `secs` seconds after 1970-01-01T00:00:00Z, held within the years 1
/// to 9999.
fn at(secs: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(secs.clamp(FIRST, LAST)).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

/// The date `secs` seconds after the epoch, its year, month and day joined by `sep`:
/// `2026-11-24` with `-`, `2026.11.24` (a record's `Date` tag) with `.`.
#[must_use]
pub fn date(secs: i64, sep: char) -> String {
    let d = at(secs).date();
    format!("{:04}{sep}{:02}{sep}{:02}", d.year(), u8::from(d.month()), d.day())
}

/// Day `day` after 1970-01-01 as `YYYY-MM-DD`.
#[must_use]
pub fn day(day: u64) -> String {
    date(i64::try_from(day).unwrap_or(i64::MAX).saturating_mul(86_400), '-')
}

/// `secs` after the epoch as `2026-11-23T06:00:00Z` (ISO 8601, UTC, whole seconds).
#[must_use]
pub fn utc(secs: u64) -> String {
    let t = at(i64::try_from(secs).unwrap_or(i64::MAX));
    format!("{}T{:02}:{:02}:{:02}Z", date(t.unix_timestamp(), '-'), t.hour(), t.minute(), t.second())
}

/// Milliseconds since the epoch of a time written as `2026-11-23T06:00:00Z` (what [`utc`]
/// writes); `None` for anything else, a date that does not exist (`2026-02-30`) included.
#[must_use]
pub fn iso_ms(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    let shape = b.len() == 20 && b[4] == b'-' && b[7] == b'-' && b[10] == b'T' && b[19] == b'Z';
    if !shape || b[13] != b':' || b[16] != b':' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u16> {
        let digits = text.get(r)?;
        digits.bytes().all(|c| c.is_ascii_digit()).then(|| digits.parse().ok())?
    };
    let month = Month::try_from(u8::try_from(num(5..7)?).ok()?).ok()?;
    let date =
        Date::from_calendar_date(i32::from(num(0..4)?), month, u8::try_from(num(8..10)?).ok()?).ok()?;
    let [hh, mm, ss] = [num(11..13)?, num(14..16)?, num(17..19)?].map(|n| u8::try_from(n).unwrap_or(u8::MAX));
    let time = Time::from_hms(hh, mm, ss).ok()?;
    Some(PrimitiveDateTime::new(date, time).assume_utc().unix_timestamp() * 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times_are_iso_8601() {
        assert_eq!(day(0), "1970-01-01");
        assert_eq!(day(1_795_500_000 / 86_400), "2026-11-24");
        assert_eq!(day(11_016), "2000-02-29");
        assert_eq!(date(20_414 * 86_400, '.'), "2025.11.22");
        assert_eq!(date(-86_400, '-'), "1969-12-31");
        assert_eq!(utc(1_795_500_000), "2026-11-24T06:00:00Z");
        assert_eq!(utc(951_868_799), "2000-02-29T23:59:59Z");
        // beyond year 9999: the last second of it, never a panic
        assert_eq!(utc(u64::MAX), "9999-12-31T23:59:59Z");
        assert_eq!(day(u64::MAX), "9999-12-31");
        assert_eq!(date(i64::MIN, '-'), "0001-01-01");
    }

    #[test]
    fn times_read_back() {
        assert_eq!(iso_ms("2026-11-24T06:00:00Z"), Some(1_795_500_000_000));
        for secs in [0, 951_782_400, 951_868_799, 1_795_500_000, 4_102_444_800] {
            assert_eq!(iso_ms(&utc(secs)), Some(secs as i64 * 1000), "{}", utc(secs));
        }
        for bad in [
            "2026-11-24 06:00",
            "2026-11-24T06:00:00",
            "2026-02-30T06:00:00Z",
            "2026-13-01T06:00:00Z",
            "2026-11-24T24:00:00Z",
            "2026-11-24T06-00-00Z",
            "2026-11-24T06:00-00Z",
            "2026-11-24T06-00:00Z",
            "+026-11-24T06:00:00Z",
            "2026-11-24T06:00:0éZ",
        ] {
            assert_eq!(iso_ms(bad), None, "{bad}");
        }
    }
}
