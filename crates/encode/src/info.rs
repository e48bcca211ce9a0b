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

/// An encoding of a plan puzzle whose instances are `B`: the formula of one horizon, in
/// the form it writes, and a model read back into the plan it encodes. The engine's horizon
/// driver writes, solves, decodes and replays through it; the encoding never sees a solver.
pub trait PlanEncoding<B: ?Sized>: Encoding {
    /// One move of a plan.
    type Step;

    /// Writes the CNF of `horizon`. Only called when it writes DIMACS (callers check
    /// [`Encoding::writes`]), so an encoding of SMT-LIB2 alone leaves it out.
    fn write_cnf(&self, _board: &B, _horizon: usize, _sink: &mut dyn puzzlec_ir::ClauseSink) {
        unreachable!("{} writes no CNF; callers check the form", self.name())
    }

    /// The SMT-LIB2 script of `horizon`. Only called when it writes SMT-LIB2 (callers
    /// check [`Encoding::writes`]), so a CNF-only encoding leaves it out.
    fn smt(&self, _board: &B, _horizon: usize) -> puzzlec_ir::SmtScript {
        unreachable!("{} writes no SMT-LIB2; callers check the form", self.name())
    }

    /// Reads the plan out of a model (the driver then replays it through the rules).
    ///
    /// # Errors
    /// A missing value, or values that are no plan.
    fn decode(
        &self,
        board: &B,
        model: &dyn puzzlec_ir::Model,
        horizon: usize,
    ) -> Result<Vec<Self::Step>, crate::DecodeError>;

    /// The assignment that identifies `plan`, for blocking it during enumeration.
    fn blocking(&self, board: &B, plan: &[Self::Step]) -> Vec<(String, i64)>;
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
