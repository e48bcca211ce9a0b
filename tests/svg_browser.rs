//! `--svg`: the drawings rendered by a real browser (headless Chromium), checked from the
//! pixels: at the first frame every piece sits where the start puts it, at the last where
//! the goal does. Colours and geometry are read from the SVG itself (`data-*`).

use std::path::Path;
use std::process::Command;

use crate::support::have;
use crate::util::{puzzlec, SEED};

/// Screenshots `url` (a file URL, with a `#move-K` / `#end` fragment) into a PNG and returns
/// its pixels as (width, RGBA bytes).
fn screenshot(url: &str, size: (u32, u32), png: &Path) -> (usize, Vec<u8>) {
    let status = Command::new("chromium")
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--hide-scrollbars"])
        .args(["--force-device-scale-factor=1", "--disable-dev-shm-usage", "--no-first-run"])
        .arg(format!("--window-size={},{}", size.0, size.1))
        .arg(format!("--screenshot={}", png.display()))
        .arg(url)
        .output()
        .expect("chromium runs")
        .status;
    assert!(status.success(), "chromium failed on {url}");
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let rgba: Vec<u8> = buf[..info.buffer_size()].chunks(channels).flat_map(|p| [p[0], p[1], p[2], 255]).collect();
    (info.width as usize, rgba)
}

fn pixel(shot: &(usize, Vec<u8>), x: usize, y: usize) -> [u8; 3] {
    let i = 4 * (y * shot.0 + x);
    [shot.1[i], shot.1[i + 1], shot.1[i + 2]]
}

fn rgb(hex: &str) -> [u8; 3] {
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    [byte(1), byte(3), byte(5)]
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 6)
}

/// The grid's pieces as the SVG describes them: (start cell, label, colour), and the board's
/// geometry (cell size, origin, columns).
struct Grid {
    pieces: Vec<(usize, String, [u8; 3])>,
    cell: usize,
    origin: (usize, usize),
    cols: usize,
    size: (u32, u32),
}

fn read_grid(svg: &str) -> Grid {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    let num = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<usize>().unwrap();
    let board = doc.descendants().find(|n| n.has_tag_name("g") && n.attribute("data-cell-size").is_some()).unwrap();
    let pieces = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
        .map(|n| {
            (
                num(n, "data-start"),
                n.attribute("data-label").unwrap().to_owned(),
                rgb(n.attribute("data-colour").unwrap()),
            )
        })
        .collect();
    let root = doc.root_element();
    let size = (num(root, "width") as u32, num(root, "height") as u32);
    Grid {
        pieces,
        cell: num(board, "data-cell-size"),
        origin: (num(board, "data-x"), num(board, "data-y")),
        cols: num(board, "data-cols"),
        size,
    }
}

/// Where to sample a cell: the lower right of a piece shows its plain colour.
fn sample(g: &Grid, cell: usize) -> (usize, usize) {
    (g.origin.0 + (cell % g.cols) * g.cell + g.cell * 4 / 5, g.origin.1 + (cell / g.cols) * g.cell + g.cell * 4 / 5)
}

fn draw(args: &[&str], dir: &Path, name: &str) -> (std::path::PathBuf, String) {
    let file = dir.join(name);
    let mut all = args.to_vec();
    all.extend(["--svg", file.to_str().unwrap(), "-q"]);
    puzzlec(&all).expect_code(0);
    let svg = std::fs::read_to_string(&file).unwrap();
    (file, svg)
}

#[test]
fn the_seed_plan_starts_at_the_start_and_ends_at_the_goal() {
    if !have("chromium") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (file, svg) = draw(&["solve", "slide", "--board", SEED], dir.path(), "seed.svg");
    let g = read_grid(&svg);
    assert_eq!(g.pieces.len(), 15);
    let url = format!("file://{}", file.display());
    let first = screenshot(&format!("{url}#move-0"), g.size, &dir.path().join("first.png"));
    let last = screenshot(&format!("{url}#end"), g.size, &dir.path().join("last.png"));
    for (start, label, colour) in &g.pieces {
        let (x, y) = sample(&g, *start);
        assert!(
            close(pixel(&first, x, y), *colour),
            "tile {label} not at its start cell {start}: {:?} vs {colour:?}",
            pixel(&first, x, y)
        );
        // The default goal: tile k in cell k - 1.
        let goal = label.parse::<usize>().unwrap() - 1;
        let (x, y) = sample(&g, goal);
        assert!(close(pixel(&last, x, y), *colour), "tile {label} not at its goal cell {goal}");
    }
    // The blank: bottom left at the start, bottom right at the end (white board).
    let white = [255, 255, 255];
    assert!(close(pixel(&first, sample(&g, 12).0, sample(&g, 12).1), white));
    assert!(close(pixel(&last, sample(&g, 15).0, sample(&g, 15).1), white));
}

#[test]
fn the_cross_travels_corner_to_corner() {
    if !have("chromium") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (file, svg) = draw(&["solve", "cross"], dir.path(), "cross.svg");
    let g = read_grid(&svg);
    assert_eq!(g.pieces.len(), 24);
    let url = format!("file://{}", file.display());
    let first = screenshot(&format!("{url}#move-0"), g.size, &dir.path().join("first.png"));
    let last = screenshot(&format!("{url}#end"), g.size, &dir.path().join("last.png"));
    for (start, _, colour) in &g.pieces {
        let (x, y) = sample(&g, *start);
        assert!(close(pixel(&first, x, y), *colour), "piece from cell {start} not drawn there at the start");
    }
    // The cross (the piece starting top left) stands bottom right at the end.
    let cross = g.pieces.iter().find(|p| p.0 == 0).unwrap().2;
    let (x, y) = sample(&g, 24);
    assert!(close(pixel(&last, x, y), cross), "the cross is not on the target at the end");
    let (x, y) = sample(&g, 0);
    assert!(!close(pixel(&last, x, y), cross), "the cross is still at its start at the end");
}

#[test]
fn every_hexagon_cell_shows_its_values_colour() {
    if !have("chromium") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (file, svg) = draw(&["solve", "hex", "--all"], dir.path(), "hex.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    let size = (root.attribute("width").unwrap().parse().unwrap(), root.attribute("height").unwrap().parse().unwrap());
    let shot = screenshot(&format!("file://{}", file.display()), size, &dir.path().join("hex.png"));
    let cells: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("cell")).collect();
    assert_eq!(cells.len(), 12 * 19);
    for n in cells {
        let coord = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
        let (x, y) = (coord("data-x").round() as usize, (coord("data-y") + 14.0).round() as usize);
        let colour = rgb(n.attribute("data-colour").unwrap());
        assert!(
            close(pixel(&shot, x, y), colour),
            "cell {} (value {}) is not drawn",
            n.attribute("data-cell").unwrap(),
            n.attribute("data-value").unwrap()
        );
    }
}

/// `verify` and `decode` draw too; an answer without a plan draws nothing and says so.
#[test]
fn verify_and_decode_draw_their_plans() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("v.svg");
    puzzlec(&["verify", "slide", "--board", SEED, "--moves", "DDDLUUULDDDLUUU", "--svg", svg.to_str().unwrap()])
        .expect_code(0);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(read_grid(&text).pieces.len(), 15);
    assert!(text.contains("move 15 of 15"));
    let cnf = dir.path().join("c.cnf");
    puzzlec(&["emit", "cross", "--size", "3x3", "--horizon", "15", "--format", "dimacs", "-o", cnf.to_str().unwrap()])
        .expect_code(0);
    if have("cadical") {
        let out = Command::new("cadical").arg("-q").arg(&cnf).output().unwrap();
        let model = dir.path().join("m.txt");
        std::fs::write(&model, &out.stdout).unwrap();
        let drawn = dir.path().join("d.svg");
        let args = [
            "decode",
            "cross",
            "--size",
            "3x3",
            "--formula",
            cnf.to_str().unwrap(),
            "--model",
            model.to_str().unwrap(),
            "--svg",
            drawn.to_str().unwrap(),
        ];
        puzzlec(&args).expect_code(0);
        assert_eq!(read_grid(&std::fs::read_to_string(&drawn).unwrap()).pieces.len(), 8);
    }
    let none = dir.path().join("none.svg");
    let run =
        puzzlec(&["verify", "slide", "--board", SEED, "--moves", "U", "--svg", none.to_str().unwrap()]).expect_code(1);
    assert!(run.stderr.contains("no SVG written") && !none.exists(), "{}", run.stderr);
}

#[test]
fn the_red_car_leaves_rush_hour_in_red() {
    if !have("chromium") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rush.svg");
    let board = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
    let v = puzzlec(&["solve", "blocks", "--board", board, "--svg", file.to_str().unwrap(), "--json"])
        .expect_code(0)
        .json();
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("slide metric: 51 moves"), "the title names the metric");
    let g = read_grid(&svg);
    assert_eq!(g.pieces.len(), 13);
    let red = g.pieces.iter().find(|p| p.1 == "A").expect("the red car").2;
    assert_eq!(red, rgb("#d62828"));
    let url = format!("file://{}", file.display());
    let first = screenshot(&format!("{url}#move-0"), g.size, &dir.path().join("first.png"));
    let last = screenshot(&format!("{url}#end"), g.size, &dir.path().join("last.png"));
    // The last position as the answer states it: each piece's top-left cell.
    let end: Vec<char> =
        v["grid"].as_array().unwrap().iter().flat_map(|r| r.as_str().unwrap().chars().collect::<Vec<_>>()).collect();
    for (start, label, colour) in &g.pieces {
        let (x, y) = sample(&g, *start);
        assert!(close(pixel(&first, x, y), *colour), "piece {label} not at its start cell {start}");
        let at = end.iter().position(|c| c.to_string() == *label).unwrap();
        let (x, y) = sample(&g, at);
        assert!(close(pixel(&last, x, y), *colour), "piece {label} not where the plan leaves it (cell {at})");
    }
    // The red car at the exit: the last two cells of its row.
    let (x, y) = sample(&g, 17);
    assert!(close(pixel(&last, x, y), red), "the red car is not at the exit");
}
