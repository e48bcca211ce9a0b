//! One expanded rule's cells compiled to patterns and replacements (the reference's
//! `rulesToMask`, cell by cell).

use super::bits::{self, Bits, LAYER};
use super::legend::Names;
use super::patterns::{direction_mask, layer_field, Cell, Pattern, Replacement};
use super::rule_text::{Cell as Items, RawRule};
use super::source::Source;

/// The rows of patterns, and the two names a rule requires on one layer (such a rule can
/// never match); `None` drops the rule.
pub type MaskedRows = (Vec<Vec<Cell>>, Option<(String, String)>);

/// An object's or single-layer property's mask and layer (`None` for the layer when the
/// name has none), and whether it is an object.
fn lookup(names: &Names, name: &str) -> (Option<Bits>, Option<usize>, Option<usize>) {
    let object = names.object(name);
    let layer = object.map(|o| o.1).or_else(|| names.single_layer.get(name).copied());
    (names.object_masks.get(name).cloned(), layer, object.map(|o| o.0))
}

pub fn mask_rule(src: &mut Source, names: &Names, r: &RawRule) -> Option<MaskedRows> {
    let mut rows = Vec::new();
    let mut discard = None;
    let mut at_edge = false;
    for (j, row_l) in r.lhs.iter().enumerate() {
        let mut row = Vec::new();
        for (k, cell_l) in row_l.iter().enumerate() {
            if cell_l.iter().any(|it| it.dir == "...") {
                if cell_l.len() != 1 {
                    src.error(r.line, 1, "You can't have anything in with an ellipsis. Sorry.");
                    return None;
                }
                if k == 0 || k == row_l.len() - 1 {
                    src.error(
                        r.line,
                        1,
                        "There's no point in putting an ellipsis at the very start or the end of a rule",
                    );
                    at_edge = true;
                }
                if let Some(cell_r) = r.rhs.get(j).and_then(|row| row.get(k)) {
                    if cell_r.len() != 1 || cell_r[0].dir != "..." {
                        src.error(
                            r.line,
                            1,
                            "An ellipsis on the left must be matched by one in the corresponding place on the right.",
                        );
                    }
                }
                row.push(Cell::Ellipsis);
                continue;
            }
            let (mut pattern, used_l, layers_l) = left(src, names, r.line, cell_l, &mut discard);
            if bits::any_in(&pattern.present, &pattern.missing) {
                src.warn(r.line, "This rule has something amounting to \"X NO X\" on the left-hand-side,which can never match, so the rule is getting removed during compilation.");
                return None;
            }
            if let Some(cell_r) = r.rhs.get(j).and_then(|row| row.get(k)) {
                pattern.replace =
                    right(src, names, r.line, cell_r, cell_l, &pattern, &used_l, layers_l, discard.is_some());
            }
            row.push(Cell::Pattern(Box::new(pattern)));
        }
        rows.push(row);
    }
    if at_edge {
        return None;
    }
    Some((rows, discard))
}

/// A left cell's pattern, the names it puts on each layer, and its layers holding objects
/// (movement bits).
fn left(
    src: &mut Source,
    names: &Names,
    line: usize,
    cell: &Items,
    discard: &mut Option<(String, String)>,
) -> (Pattern, Vec<Option<String>>, Bits) {
    let (ow, mw) = (names.object_words, names.movement_words);
    let mut p = Pattern {
        present: bits::zero(ow),
        missing: bits::zero(ow),
        any: Vec::new(),
        moving: bits::zero(mw),
        still: bits::zero(mw),
        replace: None,
    };
    let mut used: Vec<Option<String>> = vec![None; names.layer_count];
    let mut layers = bits::zero(mw);
    for it in cell {
        if it.dir == "random" {
            src.error(line, 1, "RANDOM cannot be matched on the left-hand side, it can only appear on the right");
            continue;
        }
        let (mask, layer, object) = lookup(names, &it.name);
        let (Some(mask), Some(layer)) = (mask, layer) else {
            src.error(line, 1, format!("Oops! {} not assigned to a layer.", it.name.to_uppercase()));
            continue;
        };
        if it.dir == "no" {
            bits::or(&mut p.missing, &mask);
            continue;
        }
        if let Some(existing) = &used[layer] {
            *discard = Some((it.name.to_uppercase(), existing.to_uppercase()));
        }
        used[layer] = Some(it.name.clone());
        match object {
            Some(_) => {
                bits::or(&mut p.present, &mask);
                bits::shift_or(&mut layers, LAYER, 5 * layer);
            }
            None => p.any.push(mask),
        }
        match it.dir.as_str() {
            "stationary" => bits::shift_or(&mut p.still, LAYER, 5 * layer),
            d => bits::shift_or(&mut p.moving, direction_mask(d), 5 * layer),
        }
    }
    (p, used, layers)
}

/// What a right cell changes in the cell its left cell matched; `None` when nothing.
#[allow(clippy::too_many_arguments)]
fn right(
    src: &mut Source,
    names: &Names,
    line: usize,
    cell: &Items,
    cell_l: &Items,
    p: &Pattern,
    used_l: &[Option<String>],
    mut layers_l: Bits,
    discarded: bool,
) -> Option<Replacement> {
    let (ow, mw) = (names.object_words, names.movement_words);
    if cell.first().is_some_and(|it| it.dir == "...") && cell_l.first().is_none_or(|it| it.dir != "...") {
        src.error(line, 1, "An ellipsis on the right must be matched by one in the corresponding place on the left.");
    }
    if cell.iter().any(|it| it.dir == "...") && cell.len() != 1 {
        src.error(line, 1, "You can't have anything in with an ellipsis. Sorry.");
    }
    let mut x = Replacement {
        objects_clear: bits::zero(ow),
        objects_set: bits::zero(ow),
        movements_clear: bits::zero(mw),
        movements_set: bits::zero(mw),
        movements_layer: bits::zero(mw),
        random_entity: bits::zero(ow),
        random_dir: bits::zero(mw),
    };
    let (used, layers_r) = right_items(src, names, line, cell, &mut x, discarded);
    if !bits::all_in(&p.present, &x.objects_set) {
        bits::or(&mut x.objects_clear, &p.present);
    }
    if !bits::all_in(&p.moving, &x.movements_set) {
        bits::or(&mut x.movements_clear, &p.moving);
    }
    for layer in 0..names.layer_count {
        if used_l[layer].is_some() && used[layer].is_none() {
            bits::or(&mut x.objects_clear, &names.layer_masks[layer]);
            bits::or(&mut x.movements_layer, &layer_field(mw, layer));
        }
    }
    bits::clear(&mut layers_l, &layers_r);
    bits::or(&mut x.movements_layer, &layers_l);
    let all = [
        &x.objects_clear,
        &x.objects_set,
        &x.movements_clear,
        &x.movements_set,
        &x.movements_layer,
        &x.random_entity,
        &x.random_dir,
    ];
    all.iter().any(|b| !bits::is_zero(b)).then_some(x)
}

/// The right cell's items written into the replacement; the names it puts on each layer,
/// and its layers holding objects (movement bits).
fn right_items(
    src: &mut Source,
    names: &Names,
    line: usize,
    cell: &Items,
    x: &mut Replacement,
    discarded: bool,
) -> (Vec<Option<String>>, Bits) {
    let mut used: Vec<Option<String>> = vec![None; names.layer_count];
    let mut used_random: Vec<Option<String>> = vec![None; names.layer_count];
    let mut layers_r = bits::zero(names.movement_words);
    for it in cell {
        if it.dir == "..." {
            break;
        }
        if it.dir == "random" {
            let Some(mask) = names.object_masks.get(&it.name) else {
                src.error(
                    line,
                    1,
                    format!(
                        "You want to spawn a random \"{}\", but I don't know how to do that",
                        it.name.to_uppercase()
                    ),
                );
                continue;
            };
            bits::or(&mut x.random_entity, mask);
            let parts = names.properties.get(&it.name).cloned().unwrap_or_else(|| vec![it.name.clone()]);
            for part in parts {
                if let Some((_, layer)) = names.object(&part) {
                    used_random[layer] = Some(part);
                }
            }
            continue;
        }
        let (mask, layer, object) = lookup(names, &it.name);
        let (Some(mask), Some(layer)) = (mask, layer) else {
            src.error(line, 1, format!("Oops! {} not assigned to a layer.", it.name.to_uppercase()));
            continue;
        };
        if it.dir == "no" {
            bits::or(&mut x.objects_clear, &mask);
            continue;
        }
        if let Some(existing) = used[layer].clone().or_else(|| used_random[layer].clone()) {
            if !discarded {
                src.error(
                    line,
                    1,
                    format!(
                        "Rule matches object types that can't overlap: \"{}\" and \"{}\".",
                        it.name.to_uppercase(),
                        existing.to_uppercase()
                    ),
                );
            }
        }
        used[layer] = Some(it.name.clone());
        if !it.dir.is_empty() {
            bits::shift_or(&mut x.movements_layer, LAYER, 5 * layer);
        }
        if let Some(id) = object {
            bits::set(&mut x.objects_set, id);
            bits::or(&mut x.objects_clear, &names.layer_masks[layer]);
            bits::shift_or(&mut layers_r, LAYER, 5 * layer);
        }
        match it.dir.as_str() {
            "stationary" => bits::shift_or(&mut x.movements_clear, LAYER, 5 * layer),
            "randomdir" => bits::shift_or(&mut x.random_dir, direction_mask("randomdir"), 5 * layer),
            d => bits::shift_or(&mut x.movements_set, direction_mask(d), 5 * layer),
        }
    }
    (used, layers_r)
}
