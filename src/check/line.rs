//! One trace line's JSON object, read by the same code in the CLI and in the browser, so that
//! both give one verdict on the same bytes.
//!
//! The rules, decided once:
//! - the line is one JSON object (RFC 8259), with nothing after it but white space;
//! - a key may appear once: a duplicate is refused, whatever its value;
//! - `g`, `h`, `f`, `threshold`, `from`, `to`, `length`, `tile` and the `moves` are whole
//!   numbers written as the core writes them: digits, a minus before a non-zero number, no
//!   fraction or exponent (`17`, not `17.0`, `1.7e1` or `-0`), at most ±(2⁵³ − 1) (what every
//!   JSON writer gives exactly); `tile` may be `null`;
//! - `type` is a string; any other key may hold any JSON value (ignored), nested at most
//!   [`MAX_DEPTH`] deep.

use super::TraceLine;
use crate::error::{quote, shorten};
use std::collections::BTreeSet;

/// How deep an ignored value may nest.
pub const MAX_DEPTH: usize = 64;

/// The largest whole number a line may hold: 2⁵³ − 1.
pub const MAX_WHOLE: i64 = (1 << 53) - 1;

/// Reads one line's object: the fields the check reads, or why the line is not an event.
pub fn parse_line(text: &str) -> Result<TraceLine, String> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    reader.object().map_err(|e| e.message(text))
}

/// Why a line was refused.
enum Refusal {
    /// Not JSON: what was expected, at a byte offset.
    Syntax(&'static str, usize),
    /// JSON, but not an event as the rules above say.
    Field(String),
}

impl Refusal {
    fn message(self, text: &str) -> String {
        match self {
            Refusal::Syntax(what, at) => {
                let column = text[..at.min(text.len())].chars().count() + 1;
                let found = match text[at.min(text.len())..].chars().next() {
                    None => "the line ends".to_string(),
                    Some(c) => format!("found {}", quote(&c.to_string())),
                };
                format!(
                    "this line is not a JSON event object: {what} at character {column}, {found}"
                )
            }
            Refusal::Field(message) => message,
        }
    }
}

type Parsed<T> = Result<T, Refusal>;

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8, what: &'static str) -> Parsed<()> {
        self.space();
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(Refusal::Syntax(what, self.at))
        }
    }

    /// Consumes `close` if it comes next (an empty object or array); whether it did.
    fn closes(&mut self, close: u8) -> bool {
        self.space();
        let closed = self.peek() == Some(close);
        if closed {
            self.at += 1;
        }
        closed
    }

    /// After a member or an element: `,` (true: another follows) or `close` (false: the end);
    /// anything else is refused with `what`.
    fn separator(&mut self, close: u8, what: &'static str) -> Parsed<bool> {
        self.space();
        match self.peek() {
            Some(b',') => {
                self.at += 1;
                Ok(true)
            }
            Some(byte) if byte == close => {
                self.at += 1;
                Ok(false)
            }
            _ => Err(Refusal::Syntax(what, self.at)),
        }
    }

    fn object(&mut self) -> Parsed<TraceLine> {
        self.expect(b'{', "expected '{'")?;
        let mut line = TraceLine::default();
        let mut keys = BTreeSet::new();
        if !self.closes(b'}') {
            loop {
                self.space();
                if self.peek() != Some(b'"') {
                    return Err(Refusal::Syntax("expected a key in double quotes", self.at));
                }
                let key = self.string()?;
                self.expect(b':', "expected ':' after the key")?;
                self.space();
                if keys.contains(&key) {
                    return Err(Refusal::Field(format!(
                        "the key {} appears twice in this line: each key once",
                        quote(&key)
                    )));
                }
                self.field(&key, &mut line)?;
                keys.insert(key);
                if !self.separator(b'}', "expected ',' or '}'")? {
                    break;
                }
            }
        }
        self.space();
        if self.at < self.bytes.len() {
            return Err(Refusal::Syntax(
                "expected the end of the line after the object",
                self.at,
            ));
        }
        Ok(line)
    }

    /// One key's value, kept when the check reads it.
    fn field(&mut self, key: &str, line: &mut TraceLine) -> Parsed<()> {
        let number = match key {
            "g" => &mut line.g,
            "h" => &mut line.h,
            "f" => &mut line.f,
            "threshold" => &mut line.threshold,
            "from" => &mut line.from,
            "to" => &mut line.to,
            "length" => &mut line.length,
            "type" => {
                if self.peek() != Some(b'"') {
                    let value = self.value_text(0)?;
                    return Err(Refusal::Field(format!(
                        "\"type\" must be a string, got {value}"
                    )));
                }
                line.kind = Some(self.string()?);
                return Ok(());
            }
            "tile" => {
                line.tile = Some(if self.literal("null") {
                    None
                } else {
                    Some(self.whole("tile")?)
                });
                return Ok(());
            }
            "moves" => {
                line.moves = Some(self.moves()?);
                return Ok(());
            }
            _ => return self.skip(0),
        };
        *number = Some(self.whole(key)?);
        Ok(())
    }

    /// `[t, …]`: whole numbers.
    fn moves(&mut self) -> Parsed<Vec<i64>> {
        if self.peek() != Some(b'[') {
            let value = self.value_text(0)?;
            return Err(Refusal::Field(format!(
                "\"moves\" must be an array of tiles, got {value}"
            )));
        }
        self.at += 1;
        let mut moves = Vec::new();
        if self.closes(b']') {
            return Ok(moves);
        }
        loop {
            self.space();
            moves.push(self.whole("moves")?);
            if !self.separator(b']', "expected ',' or ']'")? {
                return Ok(moves);
            }
        }
    }

    /// A whole number as the rules say, for `key`.
    fn whole(&mut self, key: &str) -> Parsed<i64> {
        let start = self.at;
        let value = self.value_text(0)?;
        let token = &self.text[start..self.at];
        let refuse = |why: &str| {
            Refusal::Field(format!(
                "\"{key}\" must be a whole number written as digits (like 17){why}, got {value}"
            ))
        };
        let digits = token.strip_prefix('-').unwrap_or(token);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(refuse(""));
        }
        if token == "-0" {
            return Err(refuse(", without a minus before 0"));
        }
        match token.parse::<i64>() {
            Ok(n) if n.unsigned_abs() <= MAX_WHOLE as u64 => Ok(n),
            _ => Err(refuse(" of at most 9007199254740991 (2^53 - 1) in size")),
        }
    }

    /// Skips one value (any JSON value), returning it as a message shows it: a string quoted,
    /// anything else as written, cut short.
    fn value_text(&mut self, depth: usize) -> Parsed<String> {
        let start = self.at;
        self.skip(depth)?;
        let raw = &self.text[start..self.at];
        Ok(
            match raw.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
                Some(inner) => quote(inner),
                None => shorten(raw),
            },
        )
    }

    /// Skips one JSON value, checking its syntax.
    fn skip(&mut self, depth: usize) -> Parsed<()> {
        if depth > MAX_DEPTH {
            return Err(Refusal::Field(format!(
                "this line nests arrays or objects more than {MAX_DEPTH} deep: an event is a flat object"
            )));
        }
        self.space();
        match self.peek() {
            Some(b'"') => self.string().map(drop),
            Some(b'{') => {
                self.at += 1;
                if self.closes(b'}') {
                    return Ok(());
                }
                loop {
                    self.space();
                    if self.peek() != Some(b'"') {
                        return Err(Refusal::Syntax("expected a key in double quotes", self.at));
                    }
                    self.string()?;
                    self.expect(b':', "expected ':' after the key")?;
                    self.skip(depth + 1)?;
                    if !self.separator(b'}', "expected ',' or '}'")? {
                        return Ok(());
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                if self.closes(b']') {
                    return Ok(());
                }
                loop {
                    self.skip(depth + 1)?;
                    if !self.separator(b']', "expected ',' or ']'")? {
                        return Ok(());
                    }
                }
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ if self.literal("true") || self.literal("false") || self.literal("null") => Ok(()),
            _ => Err(Refusal::Syntax("expected a value", self.at)),
        }
    }

    fn literal(&mut self, word: &str) -> bool {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    /// A JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    fn number(&mut self) -> Parsed<()> {
        let digits = |r: &mut Self| {
            let start = r.at;
            while matches!(r.peek(), Some(b'0'..=b'9')) {
                r.at += 1;
            }
            r.at - start
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return Err(Refusal::Syntax("expected a digit", self.at)),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if digits(self) == 0 {
                return Err(Refusal::Syntax("expected a digit after '.'", self.at));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if digits(self) == 0 {
                return Err(Refusal::Syntax("expected a digit in the exponent", self.at));
            }
        }
        Ok(())
    }

    /// A JSON string (the reader on its opening quote), unescaped.
    fn string(&mut self) -> Parsed<String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            out.push_str(&self.text[start..self.at]);
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    let escaped = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.at += 1;
                            let high = self.hex4()?;
                            let c = if (0xD800..0xDC00).contains(&high)
                                && self.bytes[self.at..].starts_with(b"\\u")
                            {
                                let back = self.at;
                                self.at += 2;
                                let low = self.hex4()?;
                                if (0xDC00..0xE000).contains(&low) {
                                    let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                                    char::from_u32(code)
                                } else {
                                    self.at = back;
                                    None
                                }
                            } else {
                                char::from_u32(high)
                            };
                            out.push(c.unwrap_or(char::REPLACEMENT_CHARACTER));
                            continue;
                        }
                        _ => return Err(Refusal::Syntax("expected an escape after '\\'", self.at)),
                    };
                    self.at += 1;
                    out.push(escaped);
                }
                Some(_) => {
                    return Err(Refusal::Syntax(
                        "expected no control character inside a string (write \\n, \\t, …)",
                        self.at,
                    ))
                }
                None => return Err(Refusal::Syntax("expected '\"' to end the string", self.at)),
            }
        }
    }

    fn hex4(&mut self) -> Parsed<u32> {
        let hex = self
            .bytes
            .get(self.at..self.at + 4)
            .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
            .ok_or(Refusal::Syntax(
                "expected four hex digits after \\u",
                self.at,
            ))?;
        self.at += 4;
        // Four ASCII hex digits.
        Ok(u32::from_str_radix(std::str::from_utf8(hex).unwrap_or("0"), 16).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> TraceLine {
        parse_line(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn refused(text: &str) -> String {
        parse_line(text).expect_err(text)
    }

    #[test]
    fn reads_the_fields_the_check_reads() {
        let line = ok(
            r#" {"type":"node","g":1,"h":17,"f":18,"tile":3,"id":4,"parent":null,"x":[{"y":[1.5e3,true]}]} "#,
        );
        assert_eq!(line.kind.as_deref(), Some("node"));
        assert_eq!(
            (line.g, line.h, line.f, line.tile),
            (Some(1), Some(17), Some(18), Some(Some(3)))
        );
        assert_eq!(ok(r#"{"tile":null}"#).tile, Some(None));
        assert_eq!(ok(r#"{}"#), TraceLine::default());
        assert_eq!(ok(r#"{"moves":[ 1 , -2 ]}"#).moves, Some(vec![1, -2]));
        assert_eq!(
            ok(r#"{"type":"r\u0061ise\n"}"#).kind.as_deref(),
            Some("raise\n")
        );
        assert_eq!(
            ok(r#"{"type":"\ud83d\ude00"}"#).kind.as_deref(),
            Some("\u{1F600}")
        );
        assert_eq!(ok(r#"{"g":9007199254740991}"#).g, Some(MAX_WHOLE));
        assert_eq!(ok(r#"{"g":-9007199254740991}"#).g, Some(-MAX_WHOLE));
    }

    #[test]
    fn numbers_are_whole_and_written_as_digits() {
        for (text, got) in [
            (r#"{"h":17.0}"#, "got 17.0"),
            (r#"{"threshold":1.7e1}"#, "got 1.7e1"),
            (r#"{"g":"1"}"#, "got \"1\""),
            (r#"{"g":true}"#, "got true"),
            (r#"{"g":null}"#, "got null"),
            (r#"{"moves":[1,2.5]}"#, "got 2.5"),
        ] {
            let message = refused(text);
            assert!(
                message.contains("must be a whole number"),
                "{text}: {message}"
            );
            assert!(message.ends_with(got), "{text}: {message}");
        }
        assert!(refused(r#"{"g":-0}"#).contains("without a minus before 0"));
        assert!(refused(r#"{"g":9007199254740992}"#).contains("2^53 - 1"));
        assert!(refused(r#"{"g":-9223372036854775808}"#).contains("2^53 - 1"));
        assert!(refused(r#"{"g":99999999999999999999999}"#).contains("2^53 - 1"));
        assert!(refused(r#"{"moves":3}"#).contains("array of tiles"));
        assert!(refused(r#"{"type":3}"#).contains("\"type\" must be a string, got 3"));
    }

    #[test]
    fn duplicate_keys_are_refused() {
        let message = refused(r#"{"type":"node","h":17,"h":18}"#);
        assert_eq!(
            message,
            "the key \"h\" appears twice in this line: each key once"
        );
        assert!(refused(r#"{"id":1,"id":1}"#).contains("\"id\" appears twice"));
        assert!(refused(r#"{"a\u0062":1,"ab":2}"#).contains("appears twice"));
    }

    #[test]
    fn syntax_errors_say_where() {
        for (text, said) in [
            (
                "{",
                "expected a key in double quotes at character 2, the line ends",
            ),
            (
                r#"{"g":1,}"#,
                "expected a key in double quotes at character 8, found \"}\"",
            ),
            (
                r#"{"g":1} x"#,
                "expected the end of the line after the object at character 9",
            ),
            (r#"[1]"#, "expected '{' at character 1"),
            (r#"{"g":01}"#, "expected ',' or '}' at character 7"),
            (r#"{"x":"a	b"}"#, "no control character"),
            (r#"{"x":tru}"#, "expected a value at character 6"),
            (r#"{"x":"\q"}"#, "expected an escape"),
            (r#"{"x":"\u12"}"#, "four hex digits"),
            (r#"{'g':1}"#, "expected a key in double quotes"),
        ] {
            let message = refused(text);
            assert!(
                message.starts_with("this line is not a JSON event object: "),
                "{message}"
            );
            assert!(message.contains(said), "{text}: {message}");
        }
        let deep = format!("{{\"x\":{}{}}}", "[".repeat(100), "]".repeat(100));
        assert!(refused(&deep).contains("more than 64 deep"));
        let fine = format!("{{\"x\":{}{}}}", "[".repeat(64), "]".repeat(64));
        ok(&fine);
    }

    #[test]
    fn long_values_are_quoted_short() {
        let text = format!("{{\"g\":\"{}\"}}", "x".repeat(100_000));
        let message = refused(&text);
        assert!(message.len() < 200, "{message}");
        assert!(message.contains("(100,000 characters)"), "{message}");
    }

    /// Any text, cut and spliced anywhere (multi-byte characters included): an answer, never
    /// a panic.
    #[test]
    fn any_text_gets_an_answer() {
        let base =
            r#"{"type":"node","g":1,"h":17,"f":18,"tile":null,"x":["é\u00e9",{"y":-1.5e3}]}"#;
        let pieces = [
            "{", "}", "[", "]", "\"", "\\", "\\u", ":", ",", "-", "0", "1e", ".", "é", "😀", " ",
            "\u{1}", "null", "t",
        ];
        let mut seed: u64 = 24;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        for _ in 0..20_000 {
            let mut text: Vec<char> = base.chars().collect();
            for _ in 0..=next(4) {
                let at = next(text.len() + 1);
                if next(2) == 0 && at < text.len() {
                    text.remove(at);
                } else {
                    let piece = pieces[next(pieces.len())];
                    for (k, c) in piece.chars().enumerate() {
                        text.insert(at + k, c);
                    }
                }
            }
            let text: String = text.into_iter().collect();
            let _ = parse_line(&text);
        }
    }
}
