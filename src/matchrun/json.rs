//! A minimal JSON value, printer and reader for the `-jsonout` summary and for
//! merging shards' summaries (no extra crate for one small format).

/// A JSON value.
#[derive(Clone, PartialEq, Debug)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A number; non-finite values print as `null`.
    Num(f64),
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object, keys in insertion order.
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// An object from key/value pairs.
    pub fn obj(fields: Vec<(&str, Json)>) -> Json {
        Json::Obj(fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    /// A string value.
    pub fn str(s: impl Into<String>) -> Json {
        Json::Str(s.into())
    }

    /// Print with two-space indentation.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, indent: usize) {
        let pad = |n: usize| "  ".repeat(n);
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(i) => out.push_str(&i.to_string()),
            Json::Num(x) if x.is_finite() => {
                // Six decimals are plenty for ratings and ratios; trailing zeros dropped.
                let s = format!("{x:.6}");
                out.push_str(s.trim_end_matches('0').trim_end_matches('.'));
            }
            Json::Num(_) => out.push_str("null"),
            Json::Str(s) => escape(s, out),
            Json::Arr(items) if items.is_empty() => out.push_str("[]"),
            Json::Arr(items) => {
                out.push_str("[\n");
                for (i, v) in items.iter().enumerate() {
                    out.push_str(&pad(indent + 1));
                    v.write(out, indent + 1);
                    out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
                }
                out.push_str(&pad(indent));
                out.push(']');
            }
            Json::Obj(fields) if fields.is_empty() => out.push_str("{}"),
            Json::Obj(fields) => {
                out.push_str("{\n");
                for (i, (k, v)) in fields.iter().enumerate() {
                    out.push_str(&pad(indent + 1));
                    escape(k, out);
                    out.push_str(": ");
                    v.write(out, indent + 1);
                    out.push_str(if i + 1 < fields.len() { ",\n" } else { "\n" });
                }
                out.push_str(&pad(indent));
                out.push('}');
            }
        }
    }
}

fn escape(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

impl Json {
    /// Read a JSON document (as `-merge` reads the shards' summaries).
    pub fn parse(text: &str) -> Result<Json, String> {
        match nom::combinator::all_consuming(nom::sequence::delimited(ws, value, ws))(text) {
            Ok((_, v)) => Ok(v),
            Err(_) => Err("not a JSON document".to_string()),
        }
    }

    /// The value of an object's field.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text of a string value.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The value of an integer.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Json::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The items of an array.
    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(items) => Some(items),
            _ => None,
        }
    }
}

type In<'a> = &'a str;

fn ws(i: In) -> nom::IResult<In, In> {
    nom::character::complete::multispace0(i)
}

fn value(i: In) -> nom::IResult<In, Json> {
    use nom::branch::alt;
    use nom::bytes::complete::tag;
    use nom::combinator::{map, value as constant};
    use nom::multi::separated_list0;
    use nom::sequence::{delimited, separated_pair};
    fn item(i: In) -> nom::IResult<In, Json> {
        delimited(ws, value, ws)(i)
    }
    let field = |i| separated_pair(delimited(ws, string, ws), tag(":"), item)(i);
    alt((
        constant(Json::Null, tag("null")),
        constant(Json::Bool(true), tag("true")),
        constant(Json::Bool(false), tag("false")),
        map(string, Json::Str),
        number,
        map(
            delimited(tag("["), separated_list0(tag(","), item), tag("]")),
            Json::Arr,
        ),
        map(
            delimited(tag("{"), delimited(ws, separated_list0(tag(","), field), ws), tag("}")),
            Json::Obj,
        ),
    ))(i)
}

fn number(i: In) -> nom::IResult<In, Json> {
    let (rest, text) = nom::bytes::complete::take_while1(|c: char| c.is_ascii_digit() || "+-.eE".contains(c))(i)?;
    let v = match text.parse::<i64>() {
        Ok(n) => Json::Int(n),
        Err(_) => match text.parse::<f64>() {
            Ok(x) => Json::Num(x),
            Err(_) => return Err(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Float))),
        },
    };
    Ok((rest, v))
}

fn string(i: In) -> nom::IResult<In, String> {
    let fail = |at| nom::Err::Error(nom::error::Error::new(at, nom::error::ErrorKind::Char));
    let Some(body) = i.strip_prefix('"') else {
        return Err(fail(i));
    };
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Ok((&body[at + 1..], out)),
            '\\' => {
                let (_, e) = chars.next().ok_or_else(|| fail(i))?;
                out.push(match e {
                    'n' => '\n',
                    'r' => '\r',
                    't' => '\t',
                    'u' => {
                        let hex: String = (0..4).filter_map(|_| chars.next().map(|(_, h)| h)).collect();
                        u32::from_str_radix(&hex, 16)
                            .ok()
                            .and_then(char::from_u32)
                            .ok_or_else(|| fail(i))?
                    }
                    other => other,
                });
            }
            c => out.push(c),
        }
    }
    Err(fail(i))
}
