//! What every encoding says of itself: its name, one line about it, and the forms it writes.
//! Puzzles' encoding traits extend [`Encoding`], so choosing one by name or by form, and the
//! help lists, are written once for every puzzle.

use puzzlec_ir::Form;

/// An encoding's description.
#[derive(Debug, PartialEq, Eq)]
pub struct Info {
    /// The name users pick it by.
    pub name: &'static str,
    /// One line for `--help` and the docs.
    pub about: &'static str,
    /// The forms it writes, the one it is best in first.
    pub forms: &'static [Form],
}

/// An encoding of some puzzle.
pub trait Encoding: Sync {
    fn info(&self) -> &'static Info;

    fn name(&self) -> &'static str {
        self.info().name
    }

    fn about(&self) -> &'static str {
        self.info().about
    }

    /// Whether it writes `form`.
    fn writes(&self, form: Form) -> bool {
        self.info().forms.contains(&form)
    }

    /// "DIMACS CNF and SMT-LIB2": the forms it writes, for messages.
    fn forms_text(&self) -> String {
        Form::list(self.info().forms)
    }
}

/// Declares an encoding's [`Info`] in one line: `describe!(Bright, "bright", "about", [Dimacs, Smt2]);`.
#[macro_export]
macro_rules! describe {
    ($type:ty, $name:literal, $about:literal, [$($form:ident),+]) => {
        impl $crate::Encoding for $type {
            fn info(&self) -> &'static $crate::Info {
                &$crate::Info { name: $name, about: $about, forms: &[$($crate::Form::$form),+] }
            }
        }
    };
}

/// The encoding called `name` among `all`.
pub fn find<E: ?Sized + Encoding>(all: &[&'static E], name: &str) -> Option<&'static E> {
    all.iter().copied().find(|e| e.name() == name)
}

/// The names of `all`, for messages.
pub fn names<E: ?Sized + Encoding>(all: &[&'static E]) -> String {
    all.iter().map(|e| e.name()).collect::<Vec<_>>().join(", ")
}

/// The first of `all` written in `form`.
pub fn first_in<E: ?Sized + Encoding>(all: &[&'static E], form: Form) -> Option<&'static E> {
    all.iter().copied().find(|e| e.writes(form))
}
