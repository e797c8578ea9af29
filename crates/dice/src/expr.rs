//! Small expressions over a roll's counts: the language in which a house
//! rule says what a face counts and when a roll botches.
//!
//! An [`Expr`] is parsed once, against the names its context allows
//! (`successes`, `ones`, `tens` for a roll's outcome; `face`, `target` for
//! a face), and evaluated on whole numbers: a comparison or a logical
//! operator gives 1 or 0, and any number other than 0 is true. The grammar,
//! loosest first:
//!
//! ```text
//! expr    = or [ "?" expr ":" expr ]
//! or      = and { "||" and }
//! and     = compare { "&&" compare }
//! compare = sum [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) sum ]
//! sum     = product { ( "+" | "-" ) product }
//! product = unary { ( "*" | "/" | "%" ) unary }
//! unary   = ( "!" | "-" ) unary | atom
//! atom    = number | "true" | "false" | name | function "(" expr { "," expr } ")"
//!         | "(" expr ")"
//! function = "min" | "max" | "abs"
//! ```
//!
//! The grammar is this small on purpose, so it is parsed by hand (a
//! recursive descent, one function a line above) and every error names
//! the byte of the token at fault. Arithmetic wraps rather than panics;
//! division and remainder by 0 give 0.
//!
//! ```
//! use wodds_dice::Expr;
//! let botch = Expr::parse("ones >= 2 && successes == 0", &["successes", "ones"]).unwrap();
//! assert_eq!(botch.eval(&[0, 2]), 1);
//! assert_eq!(botch.eval(&[0, 1]), 0);
//! let err = Expr::parse("ones >= 2 && sucesses == 0", &["successes", "ones"]).unwrap_err();
//! assert_eq!(err.at, 13);
//! ```

use std::collections::HashSet;
use std::fmt;
use std::hash::Hash;
use std::sync::{LazyLock, Mutex};

/// A parsed expression, with the text it was written as.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Expr {
    text: String,
    root: Node,
    /// Bit `i`: the expression reads name `i` of its context.
    reads: u32,
}

/// Why an expression could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    /// Byte offset of the token at fault in the expression's text.
    pub at: usize,
    /// What is wrong, in a designer's words.
    pub message: String,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ExprError {}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Op {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Func {
    Min,
    Max,
    Abs,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Node {
    Num(i64),
    Var(u8),
    Not(Box<Node>),
    Neg(Box<Node>),
    Bin(Op, Box<Node>, Box<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
    Call(Func, Vec<Node>),
}

impl Node {
    fn eval(&self, vars: &[i64]) -> i64 {
        match self {
            Node::Num(n) => *n,
            Node::Var(i) => vars[*i as usize],
            Node::Not(a) => i64::from(a.eval(vars) == 0),
            Node::Neg(a) => a.eval(vars).wrapping_neg(),
            Node::If(c, a, b) => {
                if c.eval(vars) != 0 {
                    a.eval(vars)
                } else {
                    b.eval(vars)
                }
            }
            Node::Bin(Op::Or, a, b) => i64::from(a.eval(vars) != 0 || b.eval(vars) != 0),
            Node::Bin(Op::And, a, b) => i64::from(a.eval(vars) != 0 && b.eval(vars) != 0),
            Node::Bin(op, a, b) => {
                let (x, y) = (a.eval(vars), b.eval(vars));
                match op {
                    Op::Eq => i64::from(x == y),
                    Op::Ne => i64::from(x != y),
                    Op::Lt => i64::from(x < y),
                    Op::Le => i64::from(x <= y),
                    Op::Gt => i64::from(x > y),
                    Op::Ge => i64::from(x >= y),
                    Op::Add => x.wrapping_add(y),
                    Op::Sub => x.wrapping_sub(y),
                    Op::Mul => x.wrapping_mul(y),
                    Op::Div => x.checked_div(y).unwrap_or(0),
                    Op::Rem => x.checked_rem(y).unwrap_or(0),
                    Op::Or | Op::And => unreachable!("handled above"),
                }
            }
            Node::Call(f, args) => {
                let mut values = args.iter().map(|a| a.eval(vars));
                match f {
                    Func::Min => values.min().unwrap_or(0),
                    Func::Max => values.max().unwrap_or(0),
                    Func::Abs => values.next().unwrap_or(0).wrapping_abs(),
                }
            }
        }
    }
}

impl Expr {
    /// Parses `text`, whose names are `names` (the value of `names[i]` is
    /// `vars[i]` when it is evaluated).
    pub fn parse(text: &str, names: &[&str]) -> Result<Expr, ExprError> {
        assert!(names.len() <= 32, "at most 32 names");
        let tokens = lex(text)?;
        let mut p = Parser {
            tokens: &tokens,
            pos: 0,
            names,
            reads: 0,
            end: text.len(),
        };
        let root = p.expr()?;
        if let Some(t) = p.peek() {
            return Err(ExprError {
                at: t.at,
                message: format!(
                    "unexpected `{}` after a complete expression (missing `&&` or `||`?)",
                    t.tok
                ),
            });
        }
        Ok(Expr {
            text: text.to_string(),
            root,
            reads: p.reads,
        })
    }

    /// The value of the expression when name `i` has the value `vars[i]`.
    #[inline]
    pub fn eval(&self, vars: &[i64]) -> i64 {
        self.root.eval(vars)
    }

    /// Whether the expression reads name `i` of its context.
    pub fn reads(&self, i: usize) -> bool {
        self.reads & (1 << i) != 0
    }

    /// The text it was written as.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The one shared copy of this expression, kept for the life of the
    /// process, so that a roll spec holding it stays `Copy`. Equal
    /// expressions share one copy: the memory kept grows with the distinct
    /// expressions a process reads, never with the rolls it makes.
    pub fn interned(self) -> &'static Expr {
        static ALL: LazyLock<Mutex<HashSet<&'static Expr>>> = LazyLock::new(Default::default);
        intern(&ALL, self)
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The shared copy of `value` in `all`, made on first sight.
pub(crate) fn intern<T: Eq + Hash + 'static>(
    all: &Mutex<HashSet<&'static T>>,
    value: T,
) -> &'static T {
    let mut all = all.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&kept) = all.get(&value) {
        return kept;
    }
    let kept: &'static T = Box::leak(Box::new(value));
    all.insert(kept);
    kept
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(i64),
    Name(String),
    Sym(&'static str),
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Num(n) => write!(f, "{n}"),
            Tok::Name(s) => f.write_str(s),
            Tok::Sym(s) => f.write_str(s),
        }
    }
}

struct Token {
    tok: Tok,
    at: usize,
}

const SYMBOLS: [&str; 20] = [
    "&&", "||", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "!", "(", ")", ",", "?",
    ":", "=",
];

fn lex(text: &str) -> Result<Vec<Token>, ExprError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let n = text[start..i].parse::<i64>().map_err(|_| ExprError {
                at: start,
                message: format!("the number {} is too large", &text[start..i]),
            })?;
            out.push(Token {
                tok: Tok::Num(n),
                at: start,
            });
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Name(text[start..i].to_string()),
                at: start,
            });
        } else {
            let Some(sym) = SYMBOLS.iter().find(|s| text[i..].starts_with(*s)) else {
                let ch = text[i..].chars().next().unwrap_or('?');
                return Err(ExprError {
                    at: i,
                    message: format!("`{ch}` is not part of the expression language"),
                });
            };
            if *sym == "=" {
                return Err(ExprError {
                    at: i,
                    message: "`=` is not a comparison: write `==`".into(),
                });
            }
            out.push(Token {
                tok: Tok::Sym(sym),
                at: i,
            });
            i += sym.len();
        }
    }
    Ok(out)
}

struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    names: &'a [&'a str],
    reads: u32,
    end: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn eat(&mut self, sym: &str) -> bool {
        if matches!(self.peek(), Some(Token { tok: Tok::Sym(s), .. }) if *s == sym) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, sym: &str, what: &str) -> Result<(), ExprError> {
        if self.eat(sym) {
            return Ok(());
        }
        Err(self.unexpected(&format!("`{sym}` {what}")))
    }

    fn unexpected(&self, wanted: &str) -> ExprError {
        match self.peek() {
            Some(t) => ExprError {
                at: t.at,
                message: format!("expected {wanted}, found `{}`", t.tok),
            },
            None => ExprError {
                at: self.end,
                message: format!("expected {wanted}, found the end of the expression"),
            },
        }
    }

    fn expr(&mut self) -> Result<Node, ExprError> {
        let c = self.or()?;
        if self.eat("?") {
            let a = self.expr()?;
            self.expect(":", "between the two results of `?`")?;
            let b = self.expr()?;
            return Ok(Node::If(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    fn or(&mut self) -> Result<Node, ExprError> {
        let mut a = self.and()?;
        while self.eat("||") {
            a = Node::Bin(Op::Or, Box::new(a), Box::new(self.and()?));
        }
        Ok(a)
    }

    fn and(&mut self) -> Result<Node, ExprError> {
        let mut a = self.compare()?;
        while self.eat("&&") {
            a = Node::Bin(Op::And, Box::new(a), Box::new(self.compare()?));
        }
        Ok(a)
    }

    fn compare(&mut self) -> Result<Node, ExprError> {
        let a = self.sum()?;
        let ops = [
            ("==", Op::Eq),
            ("!=", Op::Ne),
            ("<=", Op::Le),
            (">=", Op::Ge),
            ("<", Op::Lt),
            (">", Op::Gt),
        ];
        for (sym, op) in ops {
            if self.eat(sym) {
                let b = self.sum()?;
                if let Some(t) = self.peek()
                    && ops.iter().any(|(s, _)| t.tok == Tok::Sym(s))
                {
                    return Err(ExprError {
                        at: t.at,
                        message: "comparisons do not chain: join them with `&&`".into(),
                    });
                }
                return Ok(Node::Bin(op, Box::new(a), Box::new(b)));
            }
        }
        Ok(a)
    }

    fn sum(&mut self) -> Result<Node, ExprError> {
        let mut a = self.product()?;
        loop {
            let op = if self.eat("+") {
                Op::Add
            } else if self.eat("-") {
                Op::Sub
            } else {
                return Ok(a);
            };
            a = Node::Bin(op, Box::new(a), Box::new(self.product()?));
        }
    }

    fn product(&mut self) -> Result<Node, ExprError> {
        let mut a = self.unary()?;
        loop {
            let op = if self.eat("*") {
                Op::Mul
            } else if self.eat("/") {
                Op::Div
            } else if self.eat("%") {
                Op::Rem
            } else {
                return Ok(a);
            };
            a = Node::Bin(op, Box::new(a), Box::new(self.unary()?));
        }
    }

    fn unary(&mut self) -> Result<Node, ExprError> {
        if self.eat("!") {
            return Ok(Node::Not(Box::new(self.unary()?)));
        }
        if self.eat("-") {
            return Ok(Node::Neg(Box::new(self.unary()?)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Node, ExprError> {
        let wanted = "a number, a name or `(`";
        let Some(t) = self.peek() else {
            return Err(self.unexpected(wanted));
        };
        let at = t.at;
        match &t.tok {
            Tok::Num(n) => {
                let n = *n;
                self.pos += 1;
                Ok(Node::Num(n))
            }
            Tok::Sym("(") => {
                self.pos += 1;
                let inner = self.expr()?;
                self.expect(")", "to close `(`")?;
                Ok(inner)
            }
            Tok::Sym(_) => Err(self.unexpected(wanted)),
            Tok::Name(name) => {
                let name = name.clone();
                self.pos += 1;
                match name.as_str() {
                    "true" => return Ok(Node::Num(1)),
                    "false" => return Ok(Node::Num(0)),
                    _ => {}
                }
                let func = match name.as_str() {
                    "min" => Some(Func::Min),
                    "max" => Some(Func::Max),
                    "abs" => Some(Func::Abs),
                    _ => None,
                };
                if let Some(func) = func {
                    self.expect("(", &format!("after `{name}`"))?;
                    let mut args = vec![self.expr()?];
                    while self.eat(",") {
                        args.push(self.expr()?);
                    }
                    self.expect(")", &format!("to close `{name}(`"))?;
                    let arity_ok = match func {
                        Func::Abs => args.len() == 1,
                        Func::Min | Func::Max => args.len() >= 2,
                    };
                    if !arity_ok {
                        return Err(ExprError {
                            at,
                            message: match func {
                                Func::Abs => "`abs` takes one value".into(),
                                _ => format!("`{name}` takes two values or more"),
                            },
                        });
                    }
                    return Ok(Node::Call(func, args));
                }
                match self.names.iter().position(|n| *n == name) {
                    Some(i) => {
                        self.reads |= 1 << i;
                        Ok(Node::Var(i as u8))
                    }
                    None => Err(ExprError {
                        at,
                        message: format!(
                            "unknown name `{name}`: this expression can use {}, min, max, abs, true, false",
                            self.names.join(", ")
                        ),
                    }),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str, names: &[&str], vars: &[i64]) -> i64 {
        Expr::parse(text, names).unwrap().eval(vars)
    }

    #[test]
    fn precedence_and_truth() {
        let n = ["a", "b"];
        assert_eq!(eval("1 + 2 * 3", &n, &[0, 0]), 7);
        assert_eq!(eval("(1 + 2) * 3", &n, &[0, 0]), 9);
        assert_eq!(eval("a - b - 1", &n, &[5, 2]), 2);
        assert_eq!(eval("a > 1 && b == 2 || !a", &n, &[0, 0]), 1);
        assert_eq!(eval("a >= 7 ? 1 + (a == 10) : 0", &n, &[10, 0]), 2);
        assert_eq!(eval("a >= 7 ? 1 + (a == 10) : 0", &n, &[6, 0]), 0);
        assert_eq!(eval("max(a - b, 0) + min(a, b, 1)", &n, &[1, 3]), 1);
        assert_eq!(eval("-a + abs(-b)", &n, &[1, 3]), 2);
        assert_eq!(eval("a / b + a % b", &n, &[7, 0]), 0);
        assert_eq!(eval("true + false", &n, &[0, 0]), 1);
    }

    #[test]
    fn errors_point_at_the_bad_token() {
        let n = ["successes", "ones"];
        let at = |t: &str| Expr::parse(t, &n).unwrap_err().at;
        assert_eq!(at("ones >= 2 && sucesses == 0"), 13);
        assert_eq!(at("ones >= 2 &&"), 12);
        assert_eq!(at("ones = 2"), 5);
        assert_eq!(at("(ones > 1"), 9);
        assert_eq!(at("ones > 1 successes"), 9);
        assert_eq!(at("1 < ones < 3"), 9);
        assert_eq!(at("ones $ 2"), 5);
        assert_eq!(at("max(ones)"), 0);
        let e = Expr::parse("ones >= 2 && sucesses == 0", &n).unwrap_err();
        assert!(e.message.contains("unknown name `sucesses`"), "{e}");
    }

    #[test]
    fn reads_and_interning() {
        let e = Expr::parse("ones > successes", &["successes", "ones", "tens"]).unwrap();
        assert!(e.reads(0) && e.reads(1) && !e.reads(2));
        let a = e.clone().interned();
        let b = e.interned();
        assert!(std::ptr::eq(a, b));
    }
}
