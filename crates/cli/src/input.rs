//! Where a player's lines come from: a line editor at a terminal (history, editing, and Ctrl-C
//! or Ctrl-D answered like the end of input, so the game is saved and said so), or any reader
//! (a pipe, a file, a test) read line by line.

use fiw_host::{HostError, HostResult};
use std::io::{BufRead, Write};

/// The longest line taken: no command or action is near it, and a longer one (a pasted file,
/// a hostile pipe) is answered in one line without being read into memory or echoed back.
pub const MAX_LINE: usize = 4_096;

/// One answer from the player.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, without its ending; control characters replaced, so that an error message
    /// quoting it cannot drive the terminal.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (how long), not kept.
    TooLong(usize),
    /// The end of the input (Ctrl-D, a closed pipe).
    End,
    /// Ctrl-C at the prompt.
    Interrupted,
}

/// A source of the player's lines.
pub trait Lines {
    /// The next line, after showing `prompt` (written to `out` for a plain reader; a line
    /// editor writes its own).
    ///
    /// # Errors
    /// The input or the output fails.
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> HostResult<Line>;
}

/// Lines read from any reader: pipes, files and tests.
pub struct Reader<R>(pub R);

impl<R: BufRead> Lines for Reader<R> {
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> HostResult<Line> {
        write!(out, "{prompt}")?;
        out.flush()?;
        read_capped_line(&mut self.0)
    }
}

/// Reads one line of at most [`MAX_LINE`] bytes; the rest of a longer line is read past in
/// pieces, never held.
fn read_capped_line<R: BufRead>(input: &mut R) -> HostResult<Line> {
    let fail = |e: std::io::Error| HostError::failure(format!("cannot read the input: {e}"));
    let mut buf = Vec::new();
    // bytes of the line, its ending not counted; the last byte read, for a `\r\n` ending
    let (mut length, mut last, mut any) = (0usize, 0u8, false);
    loop {
        let chunk = input.fill_buf().map_err(fail)?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let body = &chunk[..newline.unwrap_or(chunk.len())];
        if buf.len() <= MAX_LINE {
            buf.extend_from_slice(&body[..body.len().min(MAX_LINE + 1 - buf.len())]);
        }
        length += body.len();
        last = body.last().copied().unwrap_or(last);
        let used = newline.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            if last == b'\r' && length > 0 {
                length -= 1;
                if buf.len() == length + 1 {
                    buf.pop();
                }
            }
            break;
        }
    }
    if !any {
        return Ok(Line::End);
    }
    if length > MAX_LINE {
        return Ok(Line::TooLong(length));
    }
    buf.truncate(length);
    Ok(Line::Text(clean(&String::from_utf8_lossy(&buf))))
}

/// Control characters blanked (a tab kept), since lines are quoted back in answers.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() && c != '\t' {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect()
}

/// A line editor on the terminal (rustyline): arrow keys, history of the session's lines.
pub struct Editor(rustyline::DefaultEditor);

impl Editor {
    /// The editor, or `None` when the terminal cannot be driven (then lines are read plainly).
    pub fn new() -> Option<Editor> {
        rustyline::DefaultEditor::new().ok().map(Editor)
    }
}

impl Lines for Editor {
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> HostResult<Line> {
        use rustyline::error::ReadlineError;
        out.flush()?;
        match self.0.readline(prompt) {
            Ok(text) if text.len() > MAX_LINE => Ok(Line::TooLong(text.len())),
            Ok(text) => {
                if !text.trim().is_empty() {
                    let _ = self.0.add_history_entry(text.as_str());
                }
                Ok(Line::Text(clean(&text)))
            }
            Err(ReadlineError::Eof) => Ok(Line::End),
            Err(ReadlineError::Interrupted) => Ok(Line::Interrupted),
            Err(e) => Err(HostError::failure(format!("cannot read the input: {e}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn lines(input: &[u8]) -> Vec<Line> {
        let mut r = Reader(Cursor::new(input.to_vec()));
        let mut out = Vec::new();
        let mut got = Vec::new();
        loop {
            let l = r.line("> ", &mut out).unwrap();
            let end = l == Line::End;
            got.push(l);
            if end {
                return got;
            }
        }
    }

    #[test]
    fn lines_are_read_one_by_one_and_cleaned() {
        assert_eq!(
            lines(b"pass\r\nwhy \x1b[2Jx\nlast"),
            vec![
                Line::Text("pass".into()),
                Line::Text("why \u{fffd}[2Jx".into()),
                Line::Text("last".into()),
                Line::End
            ]
        );
        assert_eq!(lines(b""), vec![Line::End]);
        assert_eq!(lines(b"\n"), vec![Line::Text(String::new()), Line::End]);
    }

    #[test]
    fn a_long_line_is_measured_not_kept() {
        let mut input = vec![b'x'; 100_000];
        input.extend_from_slice(b"\nquit\n");
        assert_eq!(
            lines(&input),
            vec![Line::TooLong(100_000), Line::Text("quit".into()), Line::End]
        );
        let exact = vec![b'y'; MAX_LINE];
        assert!(matches!(&lines(&exact)[0], Line::Text(t) if t.len() == MAX_LINE));
    }
}
