//! Text input read line by line with bounded memory: what the CLI reads (`solve -`, `trace -`,
//! `check`) and what `checkTrace` reads in the browser go through the same reader, so they
//! see the same lines.
//!
//! - A line longer than its bound is not kept: it is reported as [`Line::TooLong`] as soon as
//!   it passes the bound, and its rest skipped if the next line is asked for (memory stays
//!   bounded on `/dev/zero` and `yes`).
//! - A UTF-8 byte-order mark is skipped; UTF-16 with a byte-order mark (what Windows
//!   PowerShell's `>` writes) is read as text. Without a mark the bytes are UTF-8: a NUL byte
//!   is no sign of UTF-16 (`#\0` is a line of its own).
//! - A line ends at `\n`; a `\r` before it is dropped.

use std::io::{self, Read};

/// The longest line of a trace (`check`, `checkTrace`): an event is a short line.
pub const TRACE_LINE_MAX: usize = 1 << 20;

/// The longest board line (`solve -`, `trace -`): a board is a short line.
pub const BOARD_LINE_MAX: usize = 64 << 10;

/// How the bytes are encoded, told by their first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (a byte-order mark skipped).
    Utf8,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
}

/// One line read.
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The line's bytes, without its end (`\n` or `\r\n`); UTF-8 unless the input was not.
    Text(&'a [u8]),
    /// A line over the bound: not kept, its rest skipped.
    TooLong,
}

/// Reads lines of at most `max` bytes from UTF-8 or UTF-16 input.
pub struct LineReader<R: Read> {
    input: Decoder<R>,
    max: usize,
    line: Vec<u8>,
    number: u64,
    /// Bytes read so far (as UTF-8, the byte-order mark not counted).
    bytes: u64,
    /// The rest of a line over the bound is to be skipped.
    skipping: bool,
}

impl<R: Read> LineReader<R> {
    /// A reader of `input` whose lines hold at most `max` bytes.
    pub fn new(input: R, max: usize) -> LineReader<R> {
        LineReader {
            input: Decoder::new(input),
            max,
            line: Vec::new(),
            number: 0,
            bytes: 0,
            skipping: false,
        }
    }

    /// The next line and its 1-based number; `None` at the end of the input. A line over the
    /// bound is told as soon as it passes the bound: its rest is skipped only when the next
    /// line is asked for (an endless line is never read to its end by a caller that stops).
    pub fn next_line(&mut self) -> io::Result<Option<(u64, Line<'_>)>> {
        if self.skipping {
            loop {
                let chunk = self.input.fill()?;
                if chunk.is_empty() {
                    self.skipping = false;
                    return Ok(None);
                }
                let (take, found) = match chunk.iter().position(|&b| b == b'\n') {
                    Some(at) => (at + 1, true),
                    None => (chunk.len(), false),
                };
                self.input.consume(take);
                self.bytes += take as u64;
                if found {
                    self.skipping = false;
                    break;
                }
            }
        }
        self.line.clear();
        let mut ended = false;
        let mut read = false;
        loop {
            let chunk = self.input.fill()?;
            if chunk.is_empty() {
                break;
            }
            read = true;
            let (content, found) = match chunk.iter().position(|&b| b == b'\n') {
                Some(at) => (at, true),
                None => (chunk.len(), false),
            };
            // One byte beyond the bound may be the `\r` of a `\r\n`.
            let room = (self.max + 2).saturating_sub(self.line.len());
            let kept = content.min(room);
            self.line.extend_from_slice(&chunk[..kept]);
            if self.line.len() > self.max + 1 {
                self.input.consume(kept);
                self.bytes += kept as u64;
                self.skipping = true;
                self.number += 1;
                return Ok(Some((self.number, Line::TooLong)));
            }
            self.input.consume(content + usize::from(found));
            self.bytes += (content + usize::from(found)) as u64;
            if found {
                ended = true;
                break;
            }
        }
        if !read {
            return Ok(None);
        }
        self.number += 1;
        if ended && self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        if self.line.len() > self.max {
            return Ok(Some((self.number, Line::TooLong)));
        }
        Ok(Some((self.number, Line::Text(&self.line))))
    }

    /// How many bytes were read (as UTF-8, a byte-order mark not counted).
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// The input's encoding, once the first line was asked for.
    pub fn encoding(&self) -> Option<Encoding> {
        self.input.encoding
    }
}

/// UTF-8 or UTF-16 bytes in, UTF-8 out, a byte-order mark dropped.
struct Decoder<R: Read> {
    input: R,
    encoding: Option<Encoding>,
    /// Bytes read, not yet decoded (an odd byte, half a surrogate pair).
    raw: Vec<u8>,
    /// Decoded bytes, from `start` on not yet consumed.
    out: Vec<u8>,
    start: usize,
    eof: bool,
}

const CHUNK: usize = 1 << 16;

impl<R: Read> Decoder<R> {
    fn new(input: R) -> Decoder<R> {
        Decoder {
            input,
            encoding: None,
            raw: Vec::with_capacity(CHUNK),
            out: Vec::with_capacity(CHUNK),
            start: 0,
            eof: false,
        }
    }

    /// Reads more raw bytes; false at the end of the input.
    fn read_more(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let old = self.raw.len();
        self.raw.resize(old + CHUNK, 0);
        let n = loop {
            match self.input.read(&mut self.raw[old..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.raw.truncate(old);
                    return Err(e);
                }
            }
        };
        self.raw.truncate(old + n);
        self.eof = n == 0;
        Ok(n > 0)
    }

    /// Tells the encoding from the first bytes, and drops the byte-order mark.
    fn sniff(&mut self) -> io::Result<Encoding> {
        while self.raw.len() < 3 && self.read_more()? {}
        let (encoding, mark) = match self.raw.as_slice() {
            [0xEF, 0xBB, 0xBF, ..] => (Encoding::Utf8, 3),
            [0xFF, 0xFE, ..] => (Encoding::Utf16Le, 2),
            [0xFE, 0xFF, ..] => (Encoding::Utf16Be, 2),
            _ => (Encoding::Utf8, 0),
        };
        self.raw.drain(..mark);
        self.encoding = Some(encoding);
        Ok(encoding)
    }

    /// [`Decoder::fill_buf`], retried when interrupted.
    fn fill(&mut self) -> io::Result<&[u8]> {
        loop {
            match self.fill_buf() {
                Ok(_) => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        self.fill_buf()
    }

    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.start < self.out.len() {
            return Ok(&self.out[self.start..]);
        }
        self.out.clear();
        self.start = 0;
        let encoding = match self.encoding {
            Some(encoding) => encoding,
            None => self.sniff()?,
        };
        loop {
            match encoding {
                Encoding::Utf8 => {
                    if self.raw.is_empty() && !self.read_more()? {
                        return Ok(&[]);
                    }
                    std::mem::swap(&mut self.out, &mut self.raw);
                    return Ok(&self.out);
                }
                Encoding::Utf16Le | Encoding::Utf16Be => {
                    let more = self.raw.len() >= 4 || self.read_more()?;
                    self.decode_utf16(encoding == Encoding::Utf16Le, !more);
                    if !self.out.is_empty() || !more {
                        return Ok(&self.out);
                    }
                }
            }
        }
    }

    /// Decodes the whole code units in `raw` into `out`, keeping an odd byte or the first
    /// half of a surrogate pair for later unless the input ended (then each is U+FFFD).
    fn decode_utf16(&mut self, little: bool, ended: bool) {
        let units = self.raw.len() / 2;
        let unit = |i: usize, raw: &[u8]| {
            let pair = [raw[2 * i], raw[2 * i + 1]];
            if little {
                u16::from_le_bytes(pair)
            } else {
                u16::from_be_bytes(pair)
            }
        };
        let mut i = 0;
        let mut buffer = [0u8; 4];
        while i < units {
            let u = unit(i, &self.raw);
            let c = if (0xD800..0xDC00).contains(&u) {
                if i + 1 == units && !ended {
                    break; // its second half may come with the next read
                }
                match (i + 1 < units).then(|| unit(i + 1, &self.raw)) {
                    Some(low @ 0xDC00..=0xDFFF) => {
                        i += 1;
                        let code =
                            0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                        char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER)
                    }
                    _ => char::REPLACEMENT_CHARACTER,
                }
            } else {
                char::from_u32(u32::from(u)).unwrap_or(char::REPLACEMENT_CHARACTER)
            };
            i += 1;
            self.out
                .extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
        }
        self.raw.drain(..2 * i);
        if ended && !self.raw.is_empty() {
            self.raw.clear();
            self.out.extend_from_slice(
                char::REPLACEMENT_CHARACTER
                    .encode_utf8(&mut buffer)
                    .as_bytes(),
            );
        }
    }

    fn consume(&mut self, n: usize) {
        self.start = (self.start + n).min(self.out.len());
    }
}

/// A line's bytes as text: invalid UTF-8 sequences become U+FFFD.
pub fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8], max: usize) -> Vec<String> {
        let mut reader = LineReader::new(bytes, max);
        let mut out = Vec::new();
        while let Some((n, line)) = reader.next_line().unwrap() {
            out.push(match line {
                Line::Text(t) => format!("{n}:{}", text(t)),
                Line::TooLong => format!("{n}:too long"),
            });
        }
        out
    }

    #[test]
    fn lines_end_at_newlines_and_drop_a_carriage_return() {
        assert_eq!(lines(b"a\r\nbc\n\nd", 10), ["1:a", "2:bc", "3:", "4:d"]);
        assert_eq!(lines(b"", 10), Vec::<String>::new());
        assert_eq!(lines(b"\n", 10), ["1:"]);
        assert_eq!(lines(b"x\r", 10), ["1:x\r"]);
    }

    #[test]
    fn a_long_line_is_counted_not_kept() {
        let mut input = vec![b'x'; 100];
        input.extend_from_slice(b"\r\nok\n");
        assert_eq!(lines(&input, 10), ["1:too long", "2:ok"]);
        assert_eq!(lines(b"0123456789\n", 10), ["1:0123456789"]);
        assert_eq!(lines(b"0123456789\r\n", 10), ["1:0123456789"]);
        assert_eq!(lines(b"01234567890", 10), ["1:too long"]);
        assert_eq!(lines(b"01234567890\nx", 10), ["1:too long", "2:x"]);
        assert_eq!(lines(b"0123456789\r\r\nx", 10), ["1:too long", "2:x"]);
    }

    #[test]
    fn an_endless_line_is_told_at_its_bound() {
        let mut reader = LineReader::new(io::repeat(0), 1 << 10);
        let (n, line) = reader.next_line().unwrap().unwrap();
        assert_eq!((n, line), (1, Line::TooLong));
        assert!(reader.line.capacity() < 4 << 10);
        assert!(reader.bytes_read() < 128 << 10);
        // Skipping the rest of a long line keeps no more memory.
        let mut long = vec![b'x'; 50 << 20];
        long.extend_from_slice(b"\nok\n");
        let mut reader = LineReader::new(long.as_slice(), 1 << 10);
        assert_eq!(reader.next_line().unwrap().unwrap(), (1, Line::TooLong));
        assert_eq!(reader.next_line().unwrap().unwrap(), (2, Line::Text(b"ok")));
        assert!(reader.line.capacity() < 4 << 10);
    }

    #[test]
    fn byte_order_marks_and_utf16() {
        assert_eq!(lines(b"\xEF\xBB\xBFab\ncd", 10), ["1:ab", "2:cd"]);
        let utf16le: Vec<u8> = "\u{feff}h\u{e9}\n\u{1F600}x\r\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(lines(&utf16le, 10), ["1:h\u{e9}", "2:\u{1F600}x"]);
        let utf16be: Vec<u8> = "\u{feff}{}\n"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        assert_eq!(lines(&utf16be, 10), ["1:{}"]);
        // Without a mark, NUL bytes are UTF-8's: `#\0` is a line of its own.
        assert_eq!(lines(b"#\0\n0 1", 20), ["1:#\0", "2:0 1"]);
        // An odd last byte and a lone surrogate are U+FFFD.
        assert_eq!(lines(&[0xFF, 0xFE, b'a', 0, b'b'], 10), ["1:a\u{fffd}"]);
        assert_eq!(
            lines(&[0xFF, 0xFE, 0x00, 0xD8, b'a', 0], 10),
            ["1:\u{fffd}a"]
        );
    }

    /// A reader that hands out one byte a call: pairs and marks split across reads.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some((&first, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            buf[0] = first;
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn reads_split_anywhere_give_the_same_lines() {
        let utf16: Vec<u8> = "\u{feff}\u{1F600}a\nb\u{e9}\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        for bytes in [utf16.as_slice(), b"\xEF\xBB\xBFx\ny\r\n".as_slice()] {
            let mut whole = LineReader::new(bytes, 10);
            let mut trickle = LineReader::new(Trickle(bytes), 10);
            loop {
                let a = whole.next_line().unwrap().map(|(n, l)| format!("{n}{l:?}"));
                let b = trickle
                    .next_line()
                    .unwrap()
                    .map(|(n, l)| format!("{n}{l:?}"));
                assert_eq!(a, b);
                if a.is_none() {
                    break;
                }
            }
        }
    }
}
