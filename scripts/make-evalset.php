<?php
/*
 * Huewall evaluation set: labelled product images for judging how often a colour
 * preset finds the product's colour rather than the background's.
 *
 * usage: php scripts/make-evalset.php [OUT_DIR]      (default: evaluation/ beside scripts/)
 *
 * Writes OUT_DIR/images/NNN-FAMILY-PRODUCT.{jpg,png} and OUT_DIR/labels.tsv:
 *
 *   file  family  drawn_hex  background  product  shadow  trim  logo  quality
 *
 * family     the colour family of the product's main colour (the regions are in
 *            family() below), or "multicolour" for three or more chromatic colours
 *            in similar amounts
 * drawn_hex  the main fill colour the product was drawn with; for multicolour the
 *            colours, comma-separated
 * background white | off-white | light-grey | gradient | transparent
 * shadow     yes when a soft grey shadow lies under the product
 * trim       yes when the product has a contrasting trim (white sole, cuffs, zip,
 *            handles, piping, metal hardware)
 * logo       yes when it carries a small contrasting logo, print or label
 * quality    the JPEG quality, or "png"
 *
 * The products come from scripts/lib/products.php (drawn at 3x and reduced, with
 * shading bands, soft shadows and fabric grain) on frames whose long side is 256-320
 * px. Every random choice comes from mt_srand() with a fixed seed per image and
 * nothing depends on the clock, so a rerun gives byte-identical files.
 *
 * Checks, each of which makes the script exit 1:
 *  - every base colour lies well inside its family region: moving it by +-5 degrees of
 *    hue and +-0.05 of saturation and value keeps the family;
 *  - on the product layer before compositing, the most common fully opaque colour
 *    classifies into the labelled family, and that family also covers more of the
 *    product's opaque pixels than any other family (multicolour: three chromatic
 *    families each cover at least 15 %);
 *  - the product covers 20-60 % of the frame and does not touch the frame's edge;
 *  - the whole output folder stays under 2.5 MB.
 * It also reports, for information, how much of the product area still classifies
 * into the labelled family after JPEG compression.
 */

declare(strict_types=1);

if (!extension_loaded('gd')) {
    fwrite(STDERR, "make-evalset.php: the PHP gd extension is missing (apt-get install php-cli php-gd)\n");
    exit(1);
}
require_once __DIR__ . '/lib/products.php';

const PER_FAMILY = 12;
const MULTICOLOUR = 8;
const MAX_BYTES = 2_500_000;

/* ---------------------------------------------------------------- colour families */

/** HSV of 8-bit RGB as Huewall's kernel computes it: h in degrees 0-360, s and v in 0-1. */
function hsv(int $r, int $g, int $b): array
{
    $max = max($r, $g, $b);
    $min = min($r, $g, $b);
    $d = $max - $min;
    $v = $max / 255;
    $s = $max == 0 ? 0.0 : $d / $max;
    if ($d == 0) {
        $t = 0.0;
    } elseif ($max == $r) {
        $t = ($g - $b) / $d;
        if ($t < 0) {
            $t += 6;
        }
    } elseif ($max == $g) {
        $t = ($b - $r) / $d + 2;
    } else {
        $t = ($r - $g) / $d + 4;
    }
    return [$t * 60, $s, $v];
}

/** The colour family regions, checked in this order. */
function family(int $r, int $g, int $b): string
{
    [$h, $s, $v] = hsv($r, $g, $b);
    if (($v < 0.30 && $s < 0.5) || $v < 0.15) return 'black';
    if ($s < 0.15) return $v >= 0.90 ? 'white' : ($v >= 0.70 ? 'silver' : 'grey');
    if ($h >= 20 && $h < 65 && $s < 0.45 && $v >= 0.65) return 'beige';
    if ($h >= 10 && $h < 45 && $v < 0.70) return 'brown';
    if ($h < 12 || $h >= 345) return $s < 0.5 && $v >= 0.75 ? 'pink' : 'red';
    if ($h < 38) return 'orange';
    if ($h < 55 && $v < 0.88) return 'gold';
    if ($h < 68) return 'yellow';
    if ($h < 165) return 'green';
    if ($h < 255) return $h >= 200 && $v < 0.50 ? 'navy' : 'blue';
    if ($h < 290) return 'purple';
    return $v < 0.55 ? 'purple' : 'pink';
}

const CHROMATIC = ['beige', 'brown', 'red', 'pink', 'orange', 'gold', 'yellow', 'green', 'blue', 'navy', 'purple'];

function hsvToRgb(float $h, float $s, float $v): array
{
    $h = fmod(fmod($h, 360) + 360, 360) / 60;
    $s = max(0.0, min(1.0, $s));
    $v = max(0.0, min(1.0, $v));
    $i = (int)floor($h);
    $f = $h - $i;
    [$p, $q, $t] = [$v * (1 - $s), $v * (1 - $s * $f), $v * (1 - $s * (1 - $f))];
    $c = [[$v, $t, $p], [$q, $v, $p], [$p, $v, $t], [$p, $q, $v], [$t, $p, $v], [$v, $p, $q]][$i % 6];
    return array_map(fn($x) => (int)round($x * 255), $c);
}

/** True when every colour within +-5 degrees of hue and +-0.05 of s and v keeps the family. */
function wellInside(array $c, string $family): bool
{
    [$h, $s, $v] = hsv(...$c);
    foreach ([-5, 0, 5] as $dh) {
        foreach ([-0.05, 0, 0.05] as $ds) {
            foreach ([-0.05, 0, 0.05] as $dv) {
                if (family(...hsvToRgb($h + $dh, $s + $ds, $v + $dv)) !== $family) {
                    return false;
                }
            }
        }
    }
    return true;
}

function hex(array $c): string
{
    return sprintf('#%02x%02x%02x', ...$c);
}

/* Several shades per family, each well inside its region (checked at start-up). */
const SHADES = [
    'black'  => ['#1a1a1a', '#141416', '#222226', '#1c1f24', '#2a2a2a', '#231f1c', '#16181d', '#262626'],
    'white'  => ['#ffffff', '#fcfcfc', '#fbfaf8', '#fdfdfb', '#f9f9f9', '#fefcf9'],
    'grey'   => ['#6b6b6b', '#7a7a7a', '#858585', '#909090', '#7d7f82', '#6f7275', '#8e8a85', '#737373'],
    'silver' => ['#c0c5cb', '#c4c4c4', '#cccccc', '#c8cacd', '#d0d0d0', '#bfc3c7', '#ccced1', '#c6c3bd'],
    'beige'  => ['#d8c39e', '#e0cfb1', '#d6c4a8', '#dcc8a0', '#cbb89a', '#e0cda8', '#d2bf9a', '#c8b48c'],
    'brown'  => ['#6b4226', '#8a5a34', '#5c3a21', '#7b4a2a', '#94623a', '#6e4a2e', '#5a3d26', '#80522e'],
    'red'    => ['#d0202e', '#b81d24', '#c62828', '#e02b2b', '#a51c1c', '#d62f3a', '#cc1f1f', '#b3202c'],
    'orange' => ['#f07a1a', '#f08a10', '#e8641c', '#f5821f', '#ff7f27', '#e67e22', '#f26b1d', '#fa9228'],
    'yellow' => ['#faf325', '#ffff33', '#f5ea18', '#fff21f', '#fcfa4c', '#eff224', '#faf457', '#ffee2a'],
    'gold'   => ['#c7a428', '#c7a72c', '#c4aa37', '#c9ac3c', '#c4a933', '#ccb23d', '#ccaa31', '#c9a624'],
    'green'  => ['#2f8a3c', '#4a6b2a', '#228b22', '#6b8e23', '#2e7d32', '#1f9d6a', '#7cb342', '#3a7d44'],
    'blue'   => ['#2a6ad4', '#3b8fd9', '#1e88e5', '#4169e1', '#0097a7', '#5b9bd5', '#1565c0', '#2196f3'],
    'navy'   => ['#22305a', '#253a66', '#2b3a67', '#1d2f5e', '#283c6e', '#2a2f63', '#1f3160', '#26345f'],
    'purple' => ['#6a3d9e', '#7b4bb3', '#8e44ad', '#6b37ad', '#9b59b6', '#673ab7', '#5a2d82', '#7e57c2'],
    'pink'   => ['#f08ab4', '#e8518a', '#f4a6c0', '#ff69b4', '#f7a1c4', '#d9669c', '#fbb6d1', '#f2a0a8'],
];

/* ---------------------------------------------------------------- backgrounds */

const BG_KINDS = ['white', 'off-white', 'light-grey', 'gradient', 'transparent'];
const OFF_WHITES = ['#f7f5f0', '#faf7f2', '#f4f1ea', '#f8f6f1'];
const LIGHT_GREYS = ['#e6e6e6', '#ebebeb', '#eeeeee', '#f0f0f0', '#e8e8e8'];
/* [shape, from (top or centre), to (bottom or corners)] */
const GRADIENTS = [
    ['vertical', '#ffffff', '#e4e4e4'],
    ['radial', '#ffffff', '#e6e6e6'],
    ['vertical', '#fffaf2', '#efe6d6'],
    ['vertical', '#f6f9fc', '#e3e9f0'],
    ['radial', '#fdfbf7', '#ece6dc'],
    ['radial', '#f9fbfd', '#e2e7ee'],
];

function lerp(array $a, array $b, float $t): array
{
    return [(int)round($a[0] + ($b[0] - $a[0]) * $t), (int)round($a[1] + ($b[1] - $a[1]) * $t),
            (int)round($a[2] + ($b[2] - $a[2]) * $t)];
}

function gradient($im, string $shape, array $from, array $to): void
{
    $w = imagesx($im);
    $h = imagesy($im);
    if ($shape === 'vertical') {
        for ($y = 0; $y < $h; $y++) {
            imageline($im, 0, $y, $w - 1, $y, col($im, lerp($from, $to, $y / ($h - 1))));
        }
        return;
    }
    $cx = ($w - 1) / 2;
    $cy = ($h - 1) * 0.45;
    $rmax = sqrt(max($cx, $w - 1 - $cx) ** 2 + max($cy, $h - 1 - $cy) ** 2);
    for ($y = 0; $y < $h; $y++) {
        for ($x = 0; $x < $w; $x++) {
            $t = sqrt(($x - $cx) ** 2 + ($y - $cy) ** 2) / $rmax;
            $c = lerp($from, $to, $t * $t);
            imagesetpixel($im, $x, $y, ($c[0] << 16) | ($c[1] << 8) | $c[2]);
        }
    }
}

/* ---------------------------------------------------------------- random helpers (mt_rand only) */

function rnd(float $a, float $b): float
{
    return $a + ($b - $a) * mt_rand(0, 1_000_000) / 1_000_000;
}

function chance(float $p): bool
{
    return mt_rand(0, 999_999) < $p * 1_000_000;
}

function pick(array $xs)
{
    $xs = array_values($xs);
    return $xs[mt_rand(0, count($xs) - 1)];
}

function luma(array $c): float
{
    return 0.299 * $c[0] + 0.587 * $c[1] + 0.114 * $c[2];
}

/** A colour from $choices that is visibly different from $base (other family, luma apart). */
function contrasting(array $base, array $choices, float $minLuma = 60): array
{
    $fam = family(...$base);
    $ok = array_values(array_filter($choices, fn($c) => family(...$c) !== $fam && abs(luma($c) - luma($base)) >= $minLuma));
    if (!$ok) {
        $ok = array_values(array_filter($choices, fn($c) => family(...$c) !== $fam));
    }
    return pick($ok);
}

/* no pure white: grain clipped at 255 would pile a white trim's pixels onto one colour */
const LOGO_COLOURS = [[250, 250, 250], [28, 28, 30], [205, 32, 44], [35, 85, 200], [246, 208, 30],
                      [30, 140, 70], [240, 120, 30], [200, 160, 45], [240, 110, 160], [20, 30, 70]];
const TRIM_COLOURS = [[250, 250, 250], [250, 250, 250], [248, 248, 246], [242, 238, 228], [30, 30, 32],
                      [176, 120, 70], [28, 36, 72]];
const METALS = [[212, 175, 80], [196, 198, 204], [170, 140, 70]];

/* ---------------------------------------------------------------- products */

/*
 * type => [aspect of the product box (w/h), preferred frame ('wide', 'tall', 'square'),
 *          where the shadow sits (fraction of the box height), grain amplitude choices]
 */
const TYPES = [
    'sneaker'    => [1.82, 'wide', 0.98, [0, 0, 2]],
    'backpack'   => [0.77, 'tall', 1.00, [0, 2, 3]],
    't-shirt'    => [1.00, 'square', 1.00, [0, 2, 3, 4]],
    'cap'        => [1.40, 'wide', 0.88, [0, 2, 3]],
    'mug'        => [0.90, 'square', 1.00, [0]],
    'bottle'     => [0.41, 'tall', 0.99, [0]],
    'jacket'     => [0.88, 'square', 1.00, [0, 2, 3]],
    'hoodie'     => [0.88, 'tall', 1.00, [0, 3, 4]],
    'sweater'    => [0.88, 'square', 1.00, [0, 3, 4]],
    'socks'      => [1.13, 'square', 0.96, [0, 3, 4]],
    'boot'       => [1.20, 'wide', 1.00, [0, 0, 2]],
    'tote bag'   => [0.82, 'tall', 1.00, [0, 3, 4]],
    'clutch bag' => [1.35, 'wide', 1.00, [0, 0, 2]],
    'beanie'     => [1.00, 'square', 0.98, [0, 3, 4]],
    'handbag'    => [1.15, 'wide', 0.98, [0, 0, 2]],
];

/**
 * Chooses the secondary colours of one product (using mt_rand) and returns
 * [draw(Layer, main colour), trim yes/no, logo yes/no].
 */
function design(string $type, array $c, bool $wantTrim, bool $wantLogo): array
{
    $logo = $wantLogo ? contrasting($c, LOGO_COLOURS) : null;
    $trim = $wantTrim ? contrasting($c, TRIM_COLOURS, 70) : null;
    switch ($type) {
        case 'sneaker':
            // coloured sneakers mostly get a white sole, white ones a contrasting one
            return [fn($L, $m) => sneaker($L, $m, $trim ?? shade($m, -0.30), $logo), $trim !== null, $logo !== null];
        case 'backpack':
            return [fn($L, $m) => backpack($L, $m, $trim ?? shade($m, -0.30), $logo ?? false), $trim !== null, $logo !== null];
        case 't-shirt':
            return [fn($L, $m) => tshirt($L, $m, $logo), false, $logo !== null];
        case 'cap':
            return [fn($L, $m) => cap($L, $m, $logo, $trim ?? shade($m, -0.30)), $trim !== null, $logo !== null];
        case 'mug':
            return [fn($L, $m) => mug($L, $m, $trim ?? shade($m, -0.45), null, $logo), $trim !== null, $logo !== null];
        case 'bottle':
            return [fn($L, $m) => bottle($L, $m, $trim ?? shade($m, -0.25), $logo), $trim !== null, $logo !== null];
        case 'jacket':
            return [fn($L, $m) => jacket($L, $m, $trim ?? shade($m, -0.35), false, $logo), $trim !== null, $logo !== null];
        case 'hoodie':
            return [fn($L, $m) => jacket($L, $m, $trim, true, $logo), $trim !== null, $logo !== null];
        case 'sweater':
            return [fn($L, $m) => jacket($L, $m, null, false, $logo), false, $logo !== null];
        case 'socks':
            return [fn($L, $m) => socks($L, $m, $trim ?? shade($m, -0.12), $trim ?? shade($m, -0.15)),
                $trim !== null, false];
        case 'boot':
            $laces = contrasting($c, [[220, 190, 140], [40, 32, 28], [250, 250, 250]]);
            return [fn($L, $m) => boot($L, $m, $trim ?? shade($m, -0.45), $laces), $trim !== null, false];
        case 'tote bag':
            return [fn($L, $m) => tote($L, $m, $trim ?? shade($m, -0.22), $logo), $trim !== null, $logo !== null];
        case 'clutch bag':
            $metal = contrasting($c, METALS, 20);
            return [fn($L, $m) => clutch($L, $m, $metal), true, false];
        case 'beanie':
            return [fn($L, $m) => beanie($L, $m, $trim, $logo), $trim !== null, $logo !== null];
        case 'handbag':
            $metal = contrasting($c, METALS, 20);
            return [fn($L, $m) => handbag($L, $m, $metal, $trim), true, false];
    }
    throw new RuntimeException("unknown product type $type");
}

/**
 * The product layer, reduced to the frame size. With several colours the product is
 * drawn once per colour and cut into $stripes bands along $axis, taken in turn.
 */
function productLayer(int $w, int $h, array $box, callable $draw, array $colours, string $axis, int $stripes)
{
    $layers = [];
    foreach ($colours as $c) {
        $L = new Layer($w, $h);
        $L->box(...$box);
        $draw($L, $c);
        $layers[] = $L;
    }
    $base = $layers[0];
    if (count($layers) > 1) {
        imagealphablending($base->im, false);
        for ($k = 0; $k < $stripes; $k++) {
            $src = $layers[$k % count($layers)];
            if ($src === $base) {
                continue;
            }
            [$a, $b] = [$k / $stripes, ($k + 1) / $stripes];
            if ($axis === 'u') {
                $x0 = $base->X($a);
                imagecopy($base->im, $src->im, $x0, 0, $x0, 0, $base->X($b) - $x0, $h * SS);
            } else {
                $y0 = $base->Y($a);
                imagecopy($base->im, $src->im, 0, $y0, 0, $y0, $w * SS, $base->Y($b) - $y0);
            }
        }
    }
    $out = $base->reduce();
    foreach ($layers as $L) {
        imagedestroy($L->im);
    }
    return $out;
}

/* ---------------------------------------------------------------- checks on pixels */

/** [coverage of the frame (alpha < 64), whether any pixel on the frame's edge is visible]. */
function footprint($im): array
{
    $w = imagesx($im);
    $h = imagesy($im);
    $n = 0;
    $edge = false;
    for ($y = 0; $y < $h; $y++) {
        for ($x = 0; $x < $w; $x++) {
            $a = (imagecolorat($im, $x, $y) >> 24) & 0x7f;
            if ($a < 64) {
                $n++;
            }
            if ($a < 127 && ($x === 0 || $y === 0 || $x === $w - 1 || $y === $h - 1)) {
                $edge = true;
            }
        }
    }
    return [$n / ($w * $h), $edge];
}

/**
 * The product layer's fully opaque pixels: [most common colour, its count, family =>
 * share of the opaque pixels (descending), mask of the opaque pixel offsets].
 */
function opaqueStats($im): array
{
    $w = imagesx($im);
    $h = imagesy($im);
    $colours = [];
    $mask = [];
    for ($y = 0; $y < $h; $y++) {
        for ($x = 0; $x < $w; $x++) {
            $p = imagecolorat($im, $x, $y);
            if ((($p >> 24) & 0x7f) === 0) {
                $colours[$p] = ($colours[$p] ?? 0) + 1;
                $mask[] = $y * $w + $x;
            }
        }
    }
    $mode = null;
    $best = -1;
    $families = [];
    foreach ($colours as $p => $n) {      // first-seen colour wins a tie
        if ($n > $best) {
            [$mode, $best] = [$p, $n];
        }
        $f = family(($p >> 16) & 0xff, ($p >> 8) & 0xff, $p & 0xff);
        $families[$f] = ($families[$f] ?? 0) + $n;
    }
    $total = array_sum($families);
    foreach ($families as $f => $n) {
        $families[$f] = $n / $total;
    }
    arsort($families);
    return [[($mode >> 16) & 0xff, ($mode >> 8) & 0xff, $mode & 0xff], $best, $families, $mask];
}

/** Share of the masked pixels of a decoded file that classify into one of $families. */
function fileShare(string $path, array $mask, array $families): float
{
    $im = imagecreatefromstring(file_get_contents($path));
    $w = imagesx($im);
    $n = 0;
    foreach ($mask as $o) {
        $p = imagecolorat($im, $o % $w, intdiv($o, $w));
        if (in_array(family(($p >> 16) & 0xff, ($p >> 8) & 0xff, $p & 0xff), $families, true)) {
            $n++;
        }
    }
    imagedestroy($im);
    return $n / max(1, count($mask));
}

/* ---------------------------------------------------------------- the plan */

foreach (SHADES as $family => $hexes) {
    foreach ($hexes as $x) {
        if (!wellInside(rgb($x), $family)) {
            [$h, $s, $v] = hsv(...rgb($x));
            fwrite(STDERR, sprintf("make-evalset.php: %s (h %.1f s %.3f v %.3f) is not well inside %s\n", $x, $h, $s, $v,
                $family));
            exit(1);
        }
    }
}

/* Knitwear's rib lines and the darker second sock turn too much of a white product silver. */
const NOT_WHITE = ['socks', 'beanie'];

$typeNames = array_keys(TYPES);
$plan = [];
$fi = 0;
foreach (SHADES as $family => $hexes) {
    for ($i = 0, $j = 0; $i < PER_FAMILY; $j++) {
        $type = $typeNames[($j * 4 + $fi * 3) % count($typeNames)];
        if ($family === 'white' && in_array($type, NOT_WHITE, true)) {
            continue;
        }
        $plan[] = ['family' => $family, 'colours' => [rgb($hexes[$i % count($hexes)])], 'type' => $type];
        $i++;
    }
    $fi++;
}
/* multicolour: [type, families of the colours, stripe axis, stripes] */
$multi = [
    ['sneaker', ['red', 'blue', 'yellow'], 'u', 6],
    ['socks', ['green', 'orange', 'purple'], 'v', 6],
    ['t-shirt', ['blue', 'red', 'yellow'], 'v', 9],
    ['jacket', ['orange', 'blue', 'green'], 'u', 3],
    ['tote bag', ['pink', 'green', 'blue'], 'u', 3],
    ['beanie', ['red', 'yellow', 'green'], 'v', 6],
    ['backpack', ['purple', 'orange', 'blue'], 'v', 6],
    ['cap', ['yellow', 'pink', 'blue'], 'u', 5],
];
foreach (array_slice($multi, 0, MULTICOLOUR) as $k => [$type, $fams, $axis, $stripes]) {
    $plan[] = ['family' => 'multicolour', 'type' => $type, 'axis' => $axis, 'stripes' => $stripes,
               'colours' => array_map(fn($f) => rgb(SHADES[$f][($k + 2) % count(SHADES[$f])]), $fams)];
}

/* backgrounds: balanced over the whole set and within each family; white products never on pure white */
$bgCount = array_fill_keys(BG_KINDS, 0);
$famBg = [];
foreach ($plan as $i => &$item) {
    $allowed = $item['family'] === 'white' ? array_slice(BG_KINDS, 1) : BG_KINDS;
    $best = null;
    foreach ($allowed as $j => $bg) {
        $key = [$famBg[$item['family']][$bg] ?? 0, $bgCount[$bg], ($j - $i) % count(BG_KINDS) + count(BG_KINDS)];
        if ($best === null || $key < $best[0]) {
            $best = [$key, $bg];
        }
    }
    $item['bg'] = $best[1];
    $bgCount[$best[1]]++;
    $famBg[$item['family']][$best[1]] = ($famBg[$item['family']][$best[1]] ?? 0) + 1;
}
unset($item);

/* ---------------------------------------------------------------- rendering */

$dir = $argv[1] ?? dirname(__DIR__) . '/evaluation';
$imgDir = "$dir/images";
if (!is_dir($imgDir) && !mkdir($imgDir, 0777, true)) {
    fwrite(STDERR, "make-evalset.php: cannot create $imgDir\n");
    exit(1);
}

$labels = "file\tfamily\tdrawn_hex\tbackground\tproduct\tshadow\ttrim\tlogo\tquality\n";
$written = [];
$failed = 0;
$fileShares = [];
foreach ($plan as $i => $item) {
    mt_srand(7000 + $i, MT_RAND_MT19937);
    $type = $item['type'];
    [$aspect, $pref, $shadowAt, $grains] = TYPES[$type];
    $family = $item['family'];
    $bg = $item['bg'];
    $main = $item['colours'][0];

    // frame: long side 256-320, the product's preferred orientation or square
    $long = mt_rand(256, 320);
    $ratio = pick([0.75, 0.8, 2 / 3]);
    $orient = match (true) {
        $pref === 'square' => pick(['square', 'square', 'wide', 'tall']),
        $type === 'bottle' => 'tall',      // a bottle in a square frame covers too little of it
        default => chance(0.65) ? $pref : 'square',
    };
    [$w, $h] = match ($orient) {
        'wide' => [$long, (int)round($long * $ratio)],
        'tall' => [(int)round($long * $ratio), $long],
        default => [$long, $long],
    };

    $wantTrim = match (true) {
        $family === 'multicolour', $type === 't-shirt', $type === 'sweater' => false,
        $type === 'sneaker' => chance(0.8),
        default => chance(0.5),
    };
    $wantLogo = chance($family === 'multicolour' ? 0.3 : 0.6);
    [$draw, $trim, $logo] = design($type, $main, $wantTrim, $wantLogo);
    $shadow = $bg === 'transparent' ? chance(0.3) : chance(0.7);
    $grain = pick($grains);
    if ($bg === 'transparent' || $family === 'multicolour') {
        $grain = min($grain, 2);
    }
    $format = $bg === 'transparent' || chance(0.1) ? 'png' : 'jpeg';
    $quality = mt_rand(45, 90);

    // product box: aspect +-6 %, aimed at a coverage of 22-55 %, placed off-centre now and then
    $aspect *= rnd(0.94, 1.06);
    $target = rnd(0.22, 0.55);
    [$px, $py] = chance(0.5) ? [0.5, 0.5] : [rnd(0.1, 0.9), rnd(0.15, 0.85)];
    $fill = 0.6;   // first guess of the share of its box a product covers
    $product = null;
    for ($try = 0; $try < 6; $try++) {
        $area = $target / $fill * $w * $h;
        $bw = sqrt($area * $aspect);
        $bh = sqrt($area / $aspect);
        $k = min(1.0, 0.90 * $w / $bw, 0.86 * $h / $bh);
        [$bw, $bh] = [$bw * $k, $bh * $k];
        $box = [($w - $bw) * $px, 0.04 * $h + ($h * 0.94 - $bh) * $py, $bw, $bh];
        if ($product !== null) {
            imagedestroy($product);
        }
        $product = productLayer($w, $h, $box, $draw, $item['colours'], $item['axis'] ?? 'u', $item['stripes'] ?? 1);
        [$cov, $edge] = footprint($product);
        $fill = $cov * $w * $h / ($bw * $bh);
        if ($cov >= 0.20 && $cov <= 0.60 && !$edge) {
            break;
        }
        if ($edge) {   // pull it towards the centre
            [$px, $py] = [0.5 + ($px - 0.5) * 0.5, 0.5 + ($py - 0.5) * 0.5];
        }
    }
    if ($grain > 0) {
        grain($product, $grain);
    }

    // the label check, on the product layer before compositing
    [$mode, $modeN, $families, $mask] = opaqueStats($product);
    $modeFamily = family(...$mode);
    $problems = [];
    if ($family === 'multicolour') {
        $chromatic = array_values(array_filter($families, fn($f) => in_array($f, CHROMATIC, true), ARRAY_FILTER_USE_KEY));
        if (count($chromatic) < 3 || $chromatic[2] < 0.15 || !in_array($modeFamily, CHROMATIC, true)) {
            $problems[] = 'not three chromatic colours of >= 15 %';
        }
    } else {
        if ($modeFamily !== $family) {
            $problems[] = "most common colour " . hex($mode) . " is $modeFamily";
        }
        if (array_key_first($families) !== $family) {
            $problems[] = 'family covers less than ' . array_key_first($families);
        }
    }
    if ($cov < 0.20 || $cov > 0.60) {
        $problems[] = sprintf('coverage %.1f %%', 100 * $cov);
    }
    if ($edge) {
        $problems[] = 'touches the frame edge';
    }

    // compositing
    if ($bg === 'transparent') {
        $im = imagecreatetruecolor($w, $h);
        imagealphablending($im, false);
        imagefilledrectangle($im, 0, 0, $w - 1, $h - 1, imagecolorallocatealpha($im, 0, 0, 0, 127));
        $bgDesc = 'alpha 0';
    } else {
        $im = imagecreatetruecolor($w, $h);
        if ($bg === 'gradient') {
            [$shape, $from, $to] = pick(GRADIENTS);
            gradient($im, $shape, rgb($from), rgb($to));
            $bgDesc = "$shape $from-$to";
        } else {
            $bgHex = match ($bg) {
                'white' => '#ffffff',
                'off-white' => pick(OFF_WHITES),
                'light-grey' => pick(LIGHT_GREYS),
            };
            imagefilledrectangle($im, 0, 0, $w - 1, $h - 1, col($im, rgb($bgHex)));
            $bgDesc = $bgHex;
        }
    }
    if ($shadow) {
        [$bx, $by, $bw, $bh] = $box;
        shadow($im, $bx + $bw / 2, $by + $bh * $shadowAt, $bw * rnd(0.95, 1.12), max(6, $bh * rnd(0.08, 0.14)));
    }
    imagealphablending($im, true);
    imagecopy($im, $product, 0, 0, 0, 0, $w, $h);
    imagedestroy($product);

    $slug = str_replace(' ', '-', $type);
    $file = sprintf('%03d-%s-%s.%s', $i + 1, $family, $slug, $format === 'png' ? 'png' : 'jpg');
    $path = "$imgDir/$file";
    if ($format === 'png') {
        imagesavealpha($im, $bg === 'transparent');
        imagepng($im, $path, 9);
    } else {
        imageinterlace($im, false);
        imagejpeg($im, $path, $quality);
    }
    imagedestroy($im);
    clearstatcache();
    $bytes = filesize($path);
    $written[$file] = true;

    $share = fileShare($path, $mask, $family === 'multicolour' ? array_slice(array_keys($families), 0, 3) : [$family]);
    $fileShares[] = $share;
    $top = array_slice($families, 0, 3, true);
    printf("%-30s %3dx%-3d %-24s %-5s %6d B  cover %4.1f %%  mode %s %-7s  layer %s  file %3.0f %%%s\n",
        $file, $w, $h, "$bg $bgDesc", $format === 'png' ? 'png' : "q$quality", $bytes, 100 * $cov, hex($mode), $modeFamily,
        implode(' ', array_map(fn($f, $s) => sprintf('%s %.0f%%', $f, 100 * $s), array_keys($top), $top)),
        100 * $share, $problems ? '  FAIL: ' . implode('; ', $problems) : '');
    if ($problems) {
        $failed++;
    }
    $hexes = implode(',', array_map('hex', $item['colours']));
    $yn = fn(bool $b) => $b ? 'yes' : 'no';
    $labels .= implode("\t", [$file, $family, $hexes, $bg, $type, $yn($shadow), $yn($trim), $yn($logo),
        $format === 'png' ? 'png' : (string)$quality]) . "\n";
}
file_put_contents("$dir/labels.tsv", $labels);

// remove images of an earlier, larger plan
foreach (scandir($imgDir) as $f) {
    if (preg_match('/^\d{3}-.*\.(jpg|png)$/', $f) && !isset($written[$f])) {
        unlink("$imgDir/$f");
    }
}

/* ---------------------------------------------------------------- summary */

$total = 0;
$it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS));
foreach ($it as $f) {
    $total += $f->getSize();
}
$rows = array_map(fn($l) => explode("\t", $l), array_slice(explode("\n", trim($labels)), 1));
$byFamily = [];
foreach ($rows as $r) {
    $byFamily[$r[1]][$r[3]] = ($byFamily[$r[1]][$r[3]] ?? 0) + 1;
}
echo "\n| family | " . implode(' | ', BG_KINDS) . " | total |\n|---|" . str_repeat('---:|', count(BG_KINDS) + 1) . "\n";
foreach ($byFamily as $f => $bgs) {
    echo "| $f | " . implode(' | ', array_map(fn($b) => $bgs[$b] ?? 0, BG_KINDS)) . ' | ' . array_sum($bgs) . " |\n";
}
echo '| total | ' . implode(' | ', array_map(fn($b) => $bgCount[$b], BG_KINDS)) . ' | ' . count($rows) . " |\n\n";
sort($fileShares);
printf("after compression, the median product keeps %.0f %% of its area in its family (lowest %.0f %%)\n",
    100 * $fileShares[intdiv(count($fileShares), 2)], 100 * $fileShares[0]);
printf("wrote %d images and labels.tsv to %s: %d bytes in all\n", count($rows), $dir, $total);
if ($total >= MAX_BYTES) {
    fwrite(STDERR, "make-evalset.php: the set is $total bytes, over the " . MAX_BYTES . " byte budget\n");
    $failed++;
}
if ($failed) {
    fwrite(STDERR, "make-evalset.php: $failed problem(s), see FAIL above\n");
}
exit($failed ? 1 : 0);
