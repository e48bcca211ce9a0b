//! Names resolved: object ids in collision-layer order, synonyms, aggregates (`and`) and
//! properties (`or`) as the compiler keeps them, the masks of every name, the glyphs of level
//! maps, the background, the levels' cells and the win conditions.

use std::collections::HashMap;

use super::bits::{self, Bits};
use super::source::{LevelDef, Source};
use super::{Board, Entry, Object};

/// The name of the mask of every object (win conditions without `on`).
pub const ALL: &str = "\nall\n";

pub struct Names {
    /// By id; an object listed in two layers has two ids, the last of which it keeps.
    pub objects: Vec<Object>,
    /// Each object's id and layer.
    pub ids: HashMap<String, (usize, usize)>,
    pub layer_count: usize,
    pub object_words: usize,
    pub movement_words: usize,
    pub layer_masks: Vec<Bits>,
    pub synonyms: HashMap<String, String>,
    pub aggregates: HashMap<String, Vec<String>>,
    pub properties: HashMap<String, Vec<String>>,
    /// Properties whose objects all lie on one layer, with that layer.
    pub single_layer: HashMap<String, usize>,
    pub object_masks: HashMap<String, Bits>,
    pub aggregate_masks: HashMap<String, Bits>,
    pub player: (bool, Bits),
    glyphs: HashMap<String, Bits>,
    pub background: (usize, usize),
}

impl Names {
    /// Resolves the names of a game read from its text; `None` when nothing can be compiled.
    pub fn resolve(src: &mut Source) -> Option<Names> {
        for (name, role) in [("player", "a player"), ("background", "a background")] {
            if !src.declared(name) {
                let at = src.header("objects");
                src.error(at, 1, format!("Error, didn't find any object called {name}, either in the objects section, or the legends section. There must be {role}!"));
            }
        }
        if src.layers.is_empty() {
            let at = src.header("collisionlayers");
            src.error(at, 1, "No collision layers defined.  All objects need to be in collision layers.");
            return None;
        }
        let mut ids = HashMap::new();
        let mut id_names = Vec::new();
        for (layer, (names, _)) in src.layers.iter().enumerate() {
            for n in names.iter().filter(|n| src.is_object(n)) {
                ids.insert(n.clone(), (id_names.len(), layer));
                id_names.push(n.clone());
            }
        }
        let unlayered: Vec<(usize, String)> = src
            .objects
            .iter()
            .filter(|o| !ids.contains_key(&o.name))
            .map(|o| (o.line, o.name.to_uppercase()))
            .collect();
        for (line, name) in unlayered {
            src.error(line, 1, format!("Object \"{name}\" has been defined, but not assigned to a layer."));
        }
        if id_names.is_empty() {
            let at = src.header("objects");
            src.error(at, 1, "You need to have some objects defined");
            return None;
        }
        let layer_count = src.layers.len();
        let object_words = id_names.len().div_ceil(64).max(1);
        let movement_words = (5 * layer_count).div_ceil(64).max(1);
        let objects = objects_by_id(src, &ids, &id_names);
        let mut layer_masks = vec![bits::zero(object_words); layer_count];
        for (id, (_, layer)) in ids.values().map(|v| (v.0, v)) {
            bits::set(&mut layer_masks[*layer], id);
        }
        let mut names = Names {
            objects,
            ids,
            layer_count,
            object_words,
            movement_words,
            layer_masks,
            synonyms: HashMap::new(),
            aggregates: src.aggregates.iter().map(|a| (a.name.clone(), a.parts.clone())).collect(),
            properties: src.properties.iter().map(|p| (p.name.clone(), p.parts.clone())).collect(),
            single_layer: HashMap::new(),
            object_masks: HashMap::new(),
            aggregate_masks: HashMap::new(),
            player: (false, bits::zero(object_words)),
            glyphs: HashMap::new(),
            background: (0, 0),
        };
        names.legend_dicts(src);
        names.masks(src);
        names.glyphs(src);
        names.background = names.background(src)?;
        Some(names)
    }

    /// The one-character glyphs of level maps, in character order.
    pub fn glyph_list(&self) -> Vec<(char, Bits)> {
        let mut out: Vec<(char, Bits)> = self
            .glyphs
            .iter()
            .filter_map(|(k, v)| {
                let mut chars = k.chars();
                let c = chars.next()?;
                chars.next().is_none().then(|| (c, v.clone()))
            })
            .collect();
        out.sort_by_key(|g| g.0);
        out
    }

    /// A name's object id and layer.
    pub fn object(&self, name: &str) -> Option<(usize, usize)> {
        self.ids.get(name).copied()
    }

    fn legend_dicts(&mut self, src: &Source) {
        for s in &src.synonyms {
            let (key, value) = (&s.name, &s.parts[0]);
            if let Some(parts) = self.aggregates.get(value).cloned() {
                self.aggregates.insert(key.clone(), parts);
            } else if let Some(parts) = self.properties.get(value).cloned() {
                self.properties.insert(key.clone(), parts);
            } else if key != value {
                self.synonyms.insert(key.clone(), value.clone());
            }
        }
        let keys: Vec<String> = self.synonyms.keys().cloned().collect();
        for key in keys {
            let mut target = self.synonyms[&key].clone();
            let mut hops = 0;
            while let Some(next) = self.synonyms.get(&target).filter(|_| hops < 64) {
                target = next.clone();
                hops += 1;
            }
            self.synonyms.insert(key, target);
        }
        let synonyms = self.synonyms.clone();
        for parts in self.properties.values_mut().chain(self.aggregates.values_mut()) {
            for p in parts.iter_mut() {
                if let Some(t) = synonyms.get(p) {
                    *p = t.clone();
                }
            }
        }
        for (name, parts) in &self.properties {
            let layers: Vec<Option<usize>> = parts.iter().map(|p| self.ids.get(p).map(|v| v.1)).collect();
            if let Some(Some(first)) = layers.first() {
                if layers.iter().all(|l| *l == Some(*first)) {
                    self.single_layer.insert(name.clone(), *first);
                }
            }
        }
    }

    fn masks(&mut self, src: &Source) {
        let w = self.object_words;
        for (name, (id, _)) in &self.ids {
            let mut m = bits::zero(w);
            bits::set(&mut m, *id);
            self.object_masks.insert(name.clone(), m);
        }
        let mut ordered: Vec<(usize, &str, &[String], bool)> =
            src.synonyms.iter().map(|s| (s.line, s.name.as_str(), s.parts.as_slice(), true)).collect();
        ordered.extend(src.properties.iter().map(|p| (p.line, p.name.as_str(), p.parts.as_slice(), false)));
        ordered.sort_by_key(|e| e.0);
        for (_, name, parts, synonym) in ordered {
            if synonym {
                if let Some(m) = self.object_masks.get(&parts[0]).cloned() {
                    self.object_masks.insert(name.to_string(), m);
                }
            } else {
                let mut m = bits::zero(w);
                parts.iter().filter_map(|p| self.object_masks.get(p)).for_each(|pm| bits::or(&mut m, pm));
                self.object_masks.insert(name.to_string(), m);
            }
        }
        self.object_masks.insert(ALL.into(), vec![u64::MAX; w].into_boxed_slice());
        for (name, parts) in &self.aggregates {
            let mut m = bits::zero(w);
            parts.iter().filter_map(|p| self.ids.get(p)).for_each(|(id, _)| bits::set(&mut m, *id));
            self.aggregate_masks.insert(name.clone(), m);
        }
        self.player = self.mask_of("player");
    }

    /// A name's mask, and whether it is an aggregate (all of it must be present).
    fn mask_of(&self, name: &str) -> (bool, Bits) {
        let mut m = bits::zero(self.object_words);
        let mut aggregate = false;
        let add = |n: &str, m: &mut Bits| {
            if let Some((id, _)) = self.ids.get(n) {
                bits::set(m, *id);
            }
        };
        add(name, &mut m);
        if let Some(parts) = self.aggregates.get(name) {
            aggregate = true;
            parts.iter().for_each(|p| add(p, &mut m));
        }
        if let Some(parts) = self.properties.get(name) {
            parts.iter().for_each(|p| add(p, &mut m));
        }
        if let Some(t) = self.synonyms.get(name) {
            add(t, &mut m);
        }
        (aggregate, m)
    }

    /// The cells a glyph stands for (objects, their synonyms and aggregates).
    fn glyphs(&mut self, src: &mut Source) {
        let mut layers: HashMap<String, Vec<Option<usize>>> = HashMap::new();
        for (name, (id, layer)) in &self.ids {
            let mut per = vec![None; self.layer_count];
            per[*layer] = Some(*id);
            layers.insert(name.clone(), per);
        }
        let mut added = true;
        while added {
            added = false;
            for s in &src.synonyms {
                if !layers.contains_key(&s.name) {
                    if let Some(v) = layers.get(&s.parts[0]).cloned() {
                        layers.insert(s.name.clone(), v);
                        added = true;
                    }
                }
            }
            for a in src.aggregates.clone() {
                if layers.contains_key(&a.name) || !a.parts.iter().all(|p| layers.contains_key(p)) {
                    continue;
                }
                let mut per = vec![None; self.layer_count];
                for p in &a.parts {
                    let Some(&(id, layer)) = self.ids.get(p) else { continue };
                    match per[layer] {
                        None => per[layer] = Some(id),
                        Some(other) => {
                            let (n1, n2) = (p.to_uppercase(), self.objects[other].name.to_uppercase());
                            src.error(a.line, 1, format!("Trying to create an aggregate object (something defined in the LEGEND section using AND) with both \"{n1}\" and \"{n2}\", which are on the same layer and therefore can't coexist."));
                        }
                    }
                }
                layers.insert(a.name.clone(), per);
                added = true;
            }
        }
        for (name, per) in layers {
            let mut m = bits::zero(self.object_words);
            per.into_iter().flatten().for_each(|id| bits::set(&mut m, id));
            self.glyphs.insert(name, m);
        }
    }

    fn background(&self, src: &mut Source) -> Option<(usize, usize)> {
        if let Some(b) = self.ids.get("background") {
            return Some(*b);
        }
        if let Some(b) = self.synonyms.get("background").and_then(|n| self.ids.get(n)) {
            return Some(*b);
        }
        if let Some(parts) = self.properties.get("background") {
            let first = parts.iter().find_map(|p| self.ids.get(p)).copied()?;
            if parts.iter().filter_map(|p| self.ids.get(p)).any(|(_, l)| *l != first.1) {
                let at = src.properties.iter().find(|p| p.name == "background").map_or(1, |p| p.line);
                src.error(at, 1, "Background objects must be on the same layer");
            }
            return Some(first);
        }
        if self.aggregates.contains_key("background") {
            let at = src.aggregates.iter().find(|a| a.name == "background").map_or(1, |a| a.line);
            src.error(at, 1, "background cannot be an aggregate (declared with 'and'), it has to be a simple type, or property (declared in terms of others using 'or').");
        }
        None
    }

    /// The levels' cells, each cell without a background object given the level's
    /// background (the first one any cell holds, else the game's).
    pub fn levels(&self, src: &mut Source) -> Vec<Entry> {
        let mut out = Vec::new();
        for def in src.levels.clone() {
            match def {
                LevelDef::Message { text, .. } => out.push(Entry::Message(text)),
                LevelDef::Rows { rows, .. } if rows.is_empty() => {}
                LevelDef::Rows { line, rows } => {
                    if let Some(board) = self.board(src, line, &rows) {
                        out.push(Entry::Level(board));
                    }
                }
            }
        }
        out
    }

    fn board(&self, src: &mut Source, line: usize, rows: &[String]) -> Option<Board> {
        let w = self.object_words;
        let rows: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        let (width, height) = (rows[0].len(), rows.len());
        let mut cells = vec![0u64; width * height * w];
        for x in 0..width {
            for (y, row) in rows.iter().enumerate() {
                let c = row.get(x).or(row.last()).copied().unwrap_or(' ');
                let Some(mask) = self.glyphs.get(&c.to_string()) else {
                    let message = match self.properties.contains_key(&c.to_string()) {
                        true => format!("Error, symbol \"{c}\" is defined using OR, and therefore ambiguous - it cannot be used in a map. Did you mean to define it in terms of AND?"),
                        false => format!("Error, symbol \"{c}\", used in map, not found."),
                    };
                    src.error(line + y, x + 1, message);
                    return None;
                };
                let i = (x * height + y) * w;
                cells[i..i + w].copy_from_slice(mask);
            }
        }
        let layer = &self.layer_masks[self.background.1];
        let found = cells
            .chunks(w)
            .find(|c| bits::any_in(layer, c))
            .map(|c| c.iter().zip(layer.iter()).map(|(a, b)| a & b).collect::<Vec<u64>>());
        let fill = found.unwrap_or_else(|| {
            let mut m = vec![0; w];
            bits::set(&mut m, self.background.0);
            m
        });
        for cell in cells.chunks_mut(w) {
            if !bits::any_in(layer, cell) {
                bits::or(cell, &fill);
            }
        }
        Some(Board { line, width, height, cells })
    }
}

/// The objects by id, with colours and sprites checked.
fn objects_by_id(src: &mut Source, ids: &HashMap<String, (usize, usize)>, id_names: &[String]) -> Vec<Object> {
    let mut out = Vec::new();
    for name in id_names {
        let Some(def) = src.objects.iter().find(|o| &o.name == name).cloned() else { continue };
        if def.colors.len() > 10 {
            src.error(
                def.line + 1,
                1,
                "a sprite cannot have more than 10 colors.  Why you would want more than 10 is beyond me.",
            );
        }
        if def.colors.is_empty() {
            src.error(def.line, 1, format!("color not specified for object \"{name}\"."));
        }
        let sprite = match def.sprite.is_empty() {
            true => vec![vec![Some(0); 5]; 5],
            false => def.sprite.iter().map(|r| r.chars().map(|c| c.to_digit(10).map(|d| d as u8)).collect()).collect(),
        };
        let colors = if def.colors.is_empty() { vec!["#ff00ff".into()] } else { def.colors.clone() };
        out.push(Object { name: name.clone(), layer: ids[name].1, colors, sprite });
    }
    out
}
