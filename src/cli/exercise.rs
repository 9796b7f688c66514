//! `tilesearch exercise`: generated questions with their answers, as JSON, Markdown or a
//! Moodle XML quiz. The questions and answers come from [`crate::exercise`]; this module reads
//! the options and writes the formats. Exit status as for the other commands: 0 written, 2 bad
//! usage, 3 the output could not be written (a closed pipe is not an error).

use super::{finish, note, usage_or, BAD_BOARD, SOLVED};
use crate::board::{Board, Goal, MAX_WIDTH, MIN_WIDTH};
use crate::error::Error;
use crate::exercise::{generate, rows, Answer, ExerciseOptions, Question, QuestionKind, MAX_COUNT};
use crate::heuristic::HeuristicKind;
use std::fmt::Write as _;
use std::io::Write;

/// The usage text of `tilesearch exercise`.
const USAGE: &str = "\
Usage:
  tilesearch exercise --seed S [--count N] [--width W] [--heuristic H] [--goal G]
                      [--kinds K,K…] [--format json|markdown|moodle]

Writes questions with their answers and explanations, all computed by the core; the same
seed and options give the same output, byte for byte.

--seed       a whole number from 0 to 18446744073709551615 (required)
--count      questions, 1 to 1000 (default 6: one of each kind)
--width      3 (the 8-puzzle, default), 4 (the 15-puzzle) or 5 (the 24-puzzle); every kind
             works on each width (larger boards get shorter scrambles)
--heuristic  hamming | manhattan (default) | linear-conflict (pdb is not offered here)
--goal       blank-last (default) | blank-first
--kinds      the kinds to cycle through, comma-separated (default all, in this order):
             thresholds, iteration, node-f, solvable, frontier, solution-length
--format     json (default: an array of question objects) | markdown (numbered questions,
             boards as grids, an answer key at the end) | moodle (a Moodle XML quiz to import)
";

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Json,
    Markdown,
    Moodle,
}

/// Runs `tilesearch exercise` with `args` (after the word `exercise`); returns the exit status.
pub(super) fn run(args: &[String], stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let (options, format) = match usage_or(parse(args), USAGE, stdout, stderr) {
        Ok(parsed) => parsed,
        Err(status) => return status,
    };
    let text = match render(&options, format) {
        Ok(text) => text,
        Err(error) => {
            // The options were checked while parsing: this is a board the generator gave up on.
            note(stderr, &format!("exercise: {error}"));
            return BAD_BOARD;
        }
    };
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    finish(written, SOLVED, stderr)
}

/// Why [`text`] wrote nothing.
#[cfg(feature = "python")]
#[derive(Debug)]
pub(crate) enum ExerciseError {
    /// The options (a usage error's message, as the command line prints it).
    Usage(String),
    /// A board the generator gave up on.
    Generate(Error),
}

/// What `tilesearch exercise` with `args` writes (the Python module's `exercises` runs this,
/// so both read the same options with the same messages); `--help` is a usage error here.
#[cfg(feature = "python")]
pub(crate) fn text(args: &[String]) -> Result<String, ExerciseError> {
    let (options, format) = parse(args)
        .map_err(ExerciseError::Usage)?
        .ok_or_else(|| ExerciseError::Usage("exercise: --help prints the usage only".into()))?;
    render(&options, format).map_err(ExerciseError::Generate)
}

/// The questions of `options` in `format`.
fn render(options: &ExerciseOptions, format: Format) -> Result<String, Error> {
    let questions = generate(options)?;
    Ok(match format {
        Format::Json => json(&questions),
        Format::Markdown => markdown(options, &questions),
        Format::Moodle => moodle(options, &questions),
    })
}

/// The options of `args`, or `None` for `--help`; a usage error as its message.
fn parse(args: &[String]) -> Result<Option<(ExerciseOptions, Format)>, String> {
    let mut options = ExerciseOptions::default();
    let mut seed = None;
    let mut format = Format::Json;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "-h" {
            return Ok(None);
        }
        if !arg.starts_with("--") {
            return Err(format!(
                "exercise takes no board or other words, got {}: it makes its own boards from --seed", crate::error::quote(arg)));
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (arg.as_str(), None),
        };
        if name == "--help" {
            if inline.is_some() {
                return Err(format!(
                    "--help takes no value, got {}",
                    crate::error::quote(arg)
                ));
            }
            return Ok(None);
        }
        let value = inline
            .or_else(|| args.next().cloned())
            .ok_or_else(|| format!("{name} needs a value"))?;
        match name {
            "--seed" => {
                seed = Some(value.parse::<u64>().map_err(|_| {
                    format!(
                        "--seed needs a whole number from 0 to {}, got {}",
                        u64::MAX,
                        crate::error::quote(&value)
                    )
                })?);
            }
            "--count" => {
                options.count = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=MAX_COUNT).contains(n))
                    .ok_or_else(|| {
                        format!("--count needs a whole number of questions from 1 to {MAX_COUNT}, got {}", crate::error::quote(&value))
                    })?;
            }
            "--width" => {
                options.width = value
                    .parse()
                    .ok()
                    .filter(|w| (MIN_WIDTH..=MAX_WIDTH).contains(w))
                    .ok_or_else(|| {
                        format!("--width needs 3 (the 8-puzzle, default), 4 (the 15-puzzle) or 5 (the 24-puzzle), got {}; every question kind works on each width", crate::error::quote(&value))
                    })?;
            }
            "--heuristic" => {
                let kind: HeuristicKind = value.parse().map_err(|e: Error| e.to_string())?;
                if kind == HeuristicKind::Pdb {
                    return Err("--heuristic pdb is not offered for exercises: its pattern databases take seconds to build and exist for 4×4 only, and the answers should be checkable by hand; choose hamming, manhattan (default) or linear-conflict".into());
                }
                options.heuristic = kind;
            }
            "--goal" => {
                options.goal = value.parse::<Goal>().map_err(|e| e.to_string())?;
            }
            "--kinds" => {
                options.kinds = value
                    .split(',')
                    .map(|k| k.trim().parse::<QuestionKind>().map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?;
            }
            "--format" => {
                format = match value.as_str() {
                    "json" => Format::Json,
                    "markdown" => Format::Markdown,
                    "moodle" => Format::Moodle,
                    _ => {
                        return Err(format!(
                            "unknown format {}: choose json (default), markdown or moodle",
                            crate::error::quote(&value)
                        ))
                    }
                };
            }
            _ => {
                return Err(format!(
                    "unknown option {} for exercise",
                    crate::error::quote(name)
                ))
            }
        }
    }
    options.seed = seed.ok_or_else(|| {
        format!(
            "exercise needs --seed S, a whole number from 0 to {}: the same seed gives the same questions",
            u64::MAX
        )
    })?;
    Ok(Some((options, format)))
}

/// The questions as one JSON array, pretty-printed.
fn json(questions: &[Question]) -> String {
    // Serialising plain data to a String cannot fail.
    let mut text = serde_json::to_string_pretty(questions).unwrap_or_default();
    text.push('\n');
    text
}

/// The option words that regenerate this output.
fn command(options: &ExerciseOptions, format: &str) -> String {
    let mut words = format!(
        "tilesearch exercise --seed {} --count {} --width {} --heuristic {} --goal {}",
        options.seed, options.count, options.width, options.heuristic, options.goal
    );
    if !options.kinds.is_empty() {
        let kinds: Vec<&str> = options.kinds.iter().map(|k| k.name()).collect();
        let _ = write!(words, " --kinds {}", kinds.join(","));
    }
    let _ = write!(words, " --format {format}");
    words
}

/// A board as a grid, `_` for the blank (the lecture's print leaves it blank, which a blank at
/// the end of a row hides); every board drawn this way reads back with `tilesearch solve`.
fn grid(board: &Board) -> String {
    let cell = (board.cells() - 1).to_string().len();
    board
        .tiles()
        .chunks(board.width())
        .map(|row| {
            row.iter()
                .map(|&t| match t {
                    0 => format!("{:>cell$}", "_"),
                    t => format!("{t:>cell$}"),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn puzzle(width: usize) -> String {
    format!("{}-puzzle", width * width - 1)
}

/// The answer as a key states it.
fn answer_text(question: &Question) -> String {
    if let Some(c) = question.correct {
        let letter = char::from(b'a' + c as u8);
        return format!("({letter}) {}", question.choices[c]);
    }
    match &question.answer {
        Answer::Number(n) => n.to_string(),
        Answer::Thresholds(t) => t.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
        Answer::Counts { visited, pruned } => format!("visited {visited}, pruned {pruned}"),
        Answer::Solvable(s) => if *s { "solvable" } else { "unsolvable" }.to_string(),
    }
}

/// The frontier table's header and rows, as cells.
fn frontier_rows(question: &Question) -> Vec<[String; 6]> {
    question
        .frontier
        .iter()
        .flatten()
        .map(|e| {
            let moves = if e.moves.is_empty() {
                "(the start)".to_string()
            } else {
                e.moves
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let board = Board::from_tiles(&e.tiles)
                .map(|b| rows(&b))
                .unwrap_or_default();
            [
                format!("node {}", e.id),
                moves,
                board,
                e.g.to_string(),
                e.h.to_string(),
                e.f.to_string(),
            ]
        })
        .collect()
}

const FRONTIER_HEADER: [&str; 6] = ["node", "tiles slid from the start", "board", "g", "h", "f"];

/// Numbered questions with boards as grids, then the answer key.
fn markdown(options: &ExerciseOptions, questions: &[Question]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Exercises: the {} (seed {})\n\nIDA\\* and graph-search questions with the {} heuristic and the goal {}. Regenerate with `{}`.\n",
        puzzle(options.width),
        options.seed,
        options.heuristic,
        options.goal,
        command(options, "markdown")
    );
    for q in questions {
        let _ = writeln!(out, "## {}. {}\n\n{}\n", q.number, q.kind.title(), q.prompt);
        for b in &q.boards {
            let _ = writeln!(out, "{}:\n\n```text\n{}\n```\n", b.label, grid(&b.board));
        }
        if q.frontier.is_some() {
            let _ = writeln!(out, "| {} |", FRONTIER_HEADER.join(" | "));
            let _ = writeln!(out, "|{}", "---|".repeat(FRONTIER_HEADER.len()));
            for row in frontier_rows(q) {
                let _ = writeln!(out, "| {} |", row.join(" | "));
            }
            out.push('\n');
        }
        for (i, choice) in q.choices.iter().enumerate() {
            let letter = char::from(b'a' + i as u8);
            let _ = writeln!(out, "- ({letter}) {choice}");
        }
        if !q.choices.is_empty() {
            out.push('\n');
        }
    }
    out.push_str("## Answer key\n\n");
    for q in questions {
        let _ = writeln!(
            out,
            "{}. **{}.** {}",
            q.number,
            answer_text(q),
            q.explanation
        );
    }
    out
}

/// `text` with the characters HTML and XML give a meaning escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// HTML in a CDATA section; a `]]>` inside is split across two sections.
fn cdata(html: &str) -> String {
    format!("<![CDATA[{}]]>", html.replace("]]>", "]]]]><![CDATA[>"))
}

/// The question's HTML: the prompt, its boards as grids, the frontier as a table.
fn question_html(q: &Question) -> String {
    let mut html = format!("<p>{}</p>", escape(&q.prompt));
    for b in &q.boards {
        let _ = write!(
            html,
            "<p>{}:</p><pre>{}</pre>",
            escape(&b.label),
            escape(&grid(&b.board))
        );
    }
    if q.frontier.is_some() {
        html.push_str("<table border=\"1\"><tr>");
        for h in FRONTIER_HEADER {
            let _ = write!(html, "<th>{}</th>", escape(h));
        }
        html.push_str("</tr>");
        for row in frontier_rows(q) {
            html.push_str("<tr>");
            for cell in row {
                let _ = write!(html, "<td>{}</td>", escape(&cell));
            }
            html.push_str("</tr>");
        }
        html.push_str("</table>");
    }
    html
}

/// A Moodle XML quiz: a category, then one `numerical` question per number answer and one
/// `multichoice` question (single answer, shuffled) per choice question, each with the fields
/// Moodle's own export writes.
fn moodle(options: &ExerciseOptions, questions: &[Question]) -> String {
    let digits = questions.len().to_string().len();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    let _ = write!(
        out,
        "  <question type=\"category\">\n    <category>\n      <text>{}</text>\n    </category>\n  </question>\n",
        escape(&format!(
            "$course$/tilesearch exercises/{} seed {}",
            puzzle(options.width),
            options.seed
        ))
    );
    for q in questions {
        let kind = if q.correct.is_some() {
            "multichoice"
        } else {
            "numerical"
        };
        let name = format!(
            "Q{:0digits$} {} (seed {})",
            q.number,
            q.kind.title(),
            options.seed
        );
        let _ = write!(
            out,
            "  <question type=\"{kind}\">\n    <name>\n      <text>{}</text>\n    </name>\n    <questiontext format=\"html\">\n      <text>{}</text>\n    </questiontext>\n    <generalfeedback format=\"html\">\n      <text>{}</text>\n    </generalfeedback>\n    <defaultgrade>1.0000000</defaultgrade>\n    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n    <idnumber></idnumber>\n",
            escape(&name),
            cdata(&question_html(q)),
            cdata(&format!("<p>{}</p>", escape(&q.explanation)))
        );
        if let Some(correct) = q.correct {
            multichoice_answers(&mut out, q, correct);
        } else {
            numerical_answers(&mut out, q);
        }
        out.push_str("  </question>\n");
    }
    out.push_str("</quiz>\n");
    out
}

/// A multichoice question's settings and answers: one right (100), the others 0.
fn multichoice_answers(out: &mut String, q: &Question, correct: usize) {
    out.push_str("    <single>true</single>\n    <shuffleanswers>true</shuffleanswers>\n    <answernumbering>abc</answernumbering>\n    <showstandardinstruction>0</showstandardinstruction>\n");
    for (tag, text) in [
        ("correctfeedback", "Your answer is correct."),
        (
            "partiallycorrectfeedback",
            "Your answer is partially correct.",
        ),
        ("incorrectfeedback", "Your answer is incorrect."),
    ] {
        let _ = writeln!(
            out,
            "    <{tag} format=\"html\">\n      <text>{text}</text>\n    </{tag}>"
        );
    }
    out.push_str("    <shownumcorrect/>\n");
    for (i, choice) in q.choices.iter().enumerate() {
        let (fraction, feedback) = if i == correct {
            ("100", "Right.")
        } else {
            ("0", "Not this one.")
        };
        let _ = write!(
            out,
            "    <answer fraction=\"{fraction}\" format=\"html\">\n      <text>{}</text>\n      <feedback format=\"html\">\n        <text>{feedback}</text>\n      </feedback>\n    </answer>\n",
            cdata(&escape(choice))
        );
    }
}

/// A numerical question's answer (tolerance 0), a catch-all wrong answer for its feedback, and
/// the unit settings Moodle's export writes.
fn numerical_answers(out: &mut String, q: &Question) {
    let number = answer_text(q);
    let _ = write!(
        out,
        "    <answer fraction=\"100\" format=\"moodle_auto_format\">\n      <text>{}</text>\n      <feedback format=\"html\">\n        <text>Right.</text>\n      </feedback>\n      <tolerance>0</tolerance>\n    </answer>\n    <answer fraction=\"0\" format=\"moodle_auto_format\">\n      <text>*</text>\n      <feedback format=\"html\">\n        <text>Not this number.</text>\n      </feedback>\n      <tolerance>0</tolerance>\n    </answer>\n    <unitgradingtype>0</unitgradingtype>\n    <unitpenalty>0.1000000</unitpenalty>\n    <showunits>3</showunits>\n    <unitsleft>0</unitsleft>\n",
        escape(&number)
    );
}
