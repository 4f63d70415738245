<?php
/*
 * Before/after figures for the README: one per improvement of the product preset.
 *
 * usage: php scripts/make-docs-figures.php HUEWALL_BINARY OUT_DIR
 *
 * For each example it runs `huewall colors --preset product` with the improvement switched
 * off and on (every other step of the preset on, with two exceptions below), and draws the image beside two bars of its
 * top colours, each colour as wide as its share of the image's weight, labelled with its
 * family. Where the lit-families, mean-saturation or neutral-surface step changes a family but
 * not the colour, the families are also written under each bar.
 *
 * The first three examples use the project's own images (evaluation/). With every other step
 * on, hue wrap and dark-pixel damping change nothing on them (near colours merged alone
 * joins the two bins of the tote's red and the sneaker's blacks), so those two figures
 * compare with the later steps off, as the preset was when they were added. No image
 * there shows what the later steps are for (the drawn sets have no people, rooms, tinted shadows, dark
 * backdrops, very dark or half-shaded products), so their inputs are drawn here, in the style of
 * scripts/make-samples.php (scripts/lib/products.php), and written to OUT_DIR/inputs/:
 * reproducible (fixed seeds, no clock), so a second run gives the same files.
 *
 * Each example names the family a person would give its product; the script fails when the
 * step no longer changes the top colour's family (or its share by 10 points) or "on" is not
 * that family, so a figure never shows
 * an effect the binary does not have.
 */

declare(strict_types=1);

if (!extension_loaded('gd')) {
    fwrite(STDERR, "make-docs-figures.php: the PHP gd extension is missing (apt-get install php-cli php-gd)\n");
    exit(1);
}
require_once __DIR__ . '/lib/products.php';

[$self, $huewall, $out] = $argv + [null, null, null];
if ($huewall === null || $out === null) {
    fwrite(STDERR, "usage: php make-docs-figures.php HUEWALL_BINARY OUT_DIR\n");
    exit(2);
}
$inputs = "$out/inputs";

// The steps added after the first four, switched off for the figures of two of those.
const FIRST_FOUR = ['--no-deep-shadows', '--no-scene-prior', '--no-skin-suppression', '--merge-distance', '0',
    '--no-dark-hues', '--no-lit-families', '--no-skin-without-priority', '--no-shopper-families',
    '--no-garment-prior', '--no-backdrop-tint', '--no-thin-outlines', '--no-mean-saturation',
    '--no-neutral-surface'];

// [figure, input image, flags that switch the step off, title, family of the product, flags
// for both bars, and the product's title as a feed gives it, if the step reads it]
$examples = [
    ['background-suppression', 'evaluation/images/036-grey-bottle.jpg', ['--no-background-suppression'], 'Background suppression', 'grey', []],
    ['hue-wrap', 'evaluation/images/075-red-tote-bag.jpg', ['--no-hue-wrap'], 'Hue wrap', 'red', FIRST_FOUR],
    ['dark-pixel-damping', 'evaluation/images/001-black-sneaker.jpg', ['--no-dark-pixel-damping'], 'Dark-pixel damping', 'black', FIRST_FOUR],
    ['deep-shadows', "$inputs/white-kettle.jpg", ['--no-deep-shadows'], 'Deep shadows', 'white', []],
    ['deep-shadows-dark', "$inputs/red-tshirt-dark-backdrop.jpg", ['--no-deep-shadows'], 'Deep shadows', 'red', []],
    ['backdrop-tint', "$inputs/white-air-purifier.jpg", ['--no-backdrop-tint'], 'Backdrop tint', 'white', []],
    ['thin-outlines', "$inputs/white-air-fryer.jpg", ['--no-thin-outlines'], 'Thin outlines', 'white', []],
    ['scene-prior', "$inputs/model-in-room.jpg", ['--no-scene-prior'], 'Scene prior', 'white', []],
    ['skin-suppression', "$inputs/model-white-top.jpg", ['--no-skin-suppression'], 'Skin suppression', 'white', []],
    ['near-colours-merged', "$inputs/green-jacket.jpg", ['--merge-distance', '0'], 'Near colours merged', 'green', []],
    ['dark-hues', "$inputs/navy-sweater.jpg", ['--no-dark-hues'], 'Dark hues', 'navy', []],
    ['lit-families', "$inputs/shaded-white-shirt.jpg", ['--no-lit-families'], 'Lit families', 'white', []],
    ['mean-saturation', "$inputs/deep-pink-tshirt.jpg", ['--no-mean-saturation'], 'Mean saturation', 'pink', []],
    ['neutral-surface', "$inputs/black-tshirt.jpg", ['--no-neutral-surface'], 'Neutral surface', 'black', []],
    ['neutral-greys', "$inputs/steel-bottle.jpg", ['--no-neutral-greys'], 'Neutral greys', 'silver', []],
    ['skin-without-priority', "$inputs/model-crop-top.jpg", ['--no-skin-without-priority'], 'Skin without priority', 'white', []],
    ['shopper-families', "$inputs/hot-pink-tshirt.jpg", ['--no-shopper-families'], 'Shopper families', 'pink', []],
    ['garment-prior', "$inputs/model-white-blouse.jpg", ['--no-garment-prior'], 'Garment prior', 'white', [], "Women's blouse"],
];

/* ---------------------------------------------------------------- drawn inputs */

function canvas(int $w, int $h, array $bg)
{
    $im = imagecreatetruecolor($w, $h);
    imagefilledrectangle($im, 0, 0, $w - 1, $h - 1, col($im, $bg));
    return $im;
}

/**
 * A $w × $h image of a plain wall or backdrop in soft light: $color shaded by $bands along
 * $axis; $fixtures draws more on the wall's layer (a door frame).
 */
function wall(int $w, int $h, array $color, array $bands, string $axis = 'v', ?callable $fixtures = null)
{
    $im = canvas($w, $h, $color);
    $R = new Layer($w, $h);
    $R->box(0, 0, $w, $h);
    $R->shaded(fn($l, $s) => $l->rect(0, 0, 1, 1, $s), $color, $bands, $axis);
    if ($fixtures !== null) {
        $fixtures($R);
    }
    put($im, $R);
    return $im;
}

/** Reduces a layer and lays it over the image. */
function put($im, Layer $L): void
{
    $p = $L->reduce();
    imagedestroy($L->im);
    imagealphablending($im, true);
    imagecopy($im, $p, 0, 0, 0, 0, imagesx($p), imagesy($p));
    imagedestroy($p);
}

/**
 * A soft shadow cast on a tinted backdrop: inside the ellipse each pixel is darkened by a
 * factor from $depth at the centre to 1 at the edge, and keeps (a little more of) its tint,
 * the light the backdrop itself bounces into the shadow.
 */
function castShadow($im, float $cx, float $cy, float $rx, float $ry, float $depth): void
{
    for ($y = max(0, (int)($cy - $ry)); $y <= min(imagesy($im) - 1, $cy + $ry); $y++) {
        for ($x = max(0, (int)($cx - $rx)); $x <= min(imagesx($im) - 1, $cx + $rx); $x++) {
            $d = (($x - $cx) / $rx) ** 2 + (($y - $cy) / $ry) ** 2;
            if ($d >= 1) {
                continue;
            }
            $f = $depth + (1 - $depth) * $d ** 1.5;
            $p = imagecolorat($im, $x, $y);
            $c = [$p >> 16 & 255, $p >> 8 & 255, $p & 255];
            $mean = array_sum($c) / 3;
            $tint = 1 + (1 - $f) * 0.6;
            [$r, $g, $b] = array_map(fn($v) => max(0, min(255, (int)round($f * ($mean + ($v - $mean) * $tint)))), $c);
            imagesetpixel($im, $x, $y, ($r << 16) | ($g << 8) | $b);
        }
    }
}

/**
 * A standing model in a box of final pixels (head to feet): a t-shirt, or a sleeveless top
 * with bare shoulders and arms, over trousers. $topShading: the t-shirt's light and shade.
 */
function person($im, float $x, float $y, float $w, float $h, array $top, array $bottoms, bool $bareArms = false,
    array $topShading = SOFT): void
{
    $skin = rgb('#e2b08e');
    $hair = rgb('#3a2618');
    $P = new Layer(imagesx($im), imagesy($im));
    $P->box($x, $y, $w, $h);
    $P->rect(0.30, 0.50, 0.49, 0.99, $bottoms);                                     // legs
    $P->rect(0.51, 0.50, 0.70, 0.99, $bottoms);
    $P->rect(0.30, 0.48, 0.70, 0.60, $bottoms);
    $P->ellipse(0.38, 0.99, 0.16, 0.03, [40, 36, 34]);                              // shoes
    $P->ellipse(0.62, 0.99, 0.16, 0.03, [40, 36, 34]);
    $P->poly([[0.30, 0.125], [0.16, 0.17], [0.04, 0.45], [0.11, 0.46], [0.24, 0.24], [0.34, 0.20]], $skin);   // arms
    $P->poly([[0.70, 0.125], [0.84, 0.17], [0.96, 0.45], [0.89, 0.46], [0.76, 0.24], [0.66, 0.20]], $skin);
    if ($bareArms) {
        $P->rrect(0.27, 0.115, 0.73, 0.22, 0.05, $skin);                             // shoulders
    }
    $P->ellipse(0.075, 0.465, 0.08, 0.04, $skin);                                   // hands
    $P->ellipse(0.925, 0.465, 0.08, 0.04, $skin);
    put($im, $P);

    $T = new Layer(imagesx($im), imagesy($im));
    $T->box($x - 0.02 * $w, $y + 0.12 * $h, $w * 1.04, 0.40 * $h);
    if ($bareArms) {
        $T->shaded(fn($l, $s) => $l->poly([[0.36, 0.03], [0.27, 0.06], [0.22, 0.30], [0.22, 1.0], [0.78, 1.0],
            [0.78, 0.30], [0.73, 0.06], [0.64, 0.03], [0.58, 0.12], [0.50, 0.15], [0.42, 0.12]], $s), $top, SOFT);
    } else {
        tshirt($T, $top, null, $topShading);
    }
    put($im, $T);

    $H = new Layer(imagesx($im), imagesy($im));
    $H->box($x, $y, $w, $h);
    $H->rect(0.44, 0.09, 0.56, $bareArms ? 0.13 : 0.155, shade($skin, -0.08));      // neck
    $H->ellipse(0.50, 0.065, 0.25, 0.10, $hair);
    $H->ellipse(0.50, 0.078, 0.21, 0.092, $skin);                                   // face
    put($im, $H);
}

/** A 480 × 480 product shot on a plain backdrop: $draw draws into the product's box. */
function productShot(string $path, array $bg, array $box, callable $draw, int $seed, bool $withShadow, int $grainAmp): void
{
    mt_srand($seed, MT_RAND_MT19937);
    [$w, $h] = [480, 480];
    $im = canvas($w, $h, $bg);
    [$x, $y, $bw, $bh] = $box;
    if ($withShadow) {
        shadow($im, $x + $bw / 2, $y + $bh * 0.98, $bw * 1.05, max(12, $bh * 0.10));
    }
    $L = new Layer($w, $h);
    $L->box($x, $y, $bw, $bh);
    $draw($L);
    $p = $L->reduce();
    imagedestroy($L->im);
    if ($grainAmp > 0) {
        grain($p, $grainAmp);
    }
    imagealphablending($im, true);
    imagecopy($im, $p, 0, 0, 0, 0, $w, $h);
    imagejpeg($im, $path, 86);
}

function drawInputs(string $dir): void
{
    @mkdir($dir, 0777, true);

    // A white kettle on a warm off-white backdrop, its soft shadow cast to the right.
    mt_srand(7, MT_RAND_MT19937);
    $im = canvas(480, 480, rgb('#efe7da'));
    castShadow($im, 285, 365, 185, 100, 0.60);
    $L = new Layer(480, 480);
    $L->box(120, 110, 190, 260);
    $white = [246, 246, 246];
    $L->arc(0.5, 0.20, 0.56, 0.28, 180, 360, 0.06, shade($white, -0.10));                  // handle
    $L->poly([[0.86, 0.55], [1.0, 0.38], [1.0, 0.44], [0.90, 0.70]], shade($white, -0.06));  // spout
    $L->shaded(function ($l, $s) {
        $l->poly([[0.18, 0.25], [0.82, 0.25], [0.92, 0.95], [0.08, 0.95]], $s);
        $l->ellipse(0.5, 0.95, 0.84, 0.08, $s);
    }, $white, CYLINDER, 'u');
    $L->ellipse(0.5, 0.25, 0.64, 0.06, shade($white, -0.04));                              // lid
    $L->rect(0.08, 0.92, 0.92, 0.99, [60, 60, 62]);                                        // base
    $L->ellipse(0.5, 0.78, 0.10, 0.05, [40, 40, 40]);                                      // switch
    put($im, $L);
    imagejpeg($im, "$dir/white-kettle.jpg", 88);

    // A small red t-shirt on a dark grey backdrop lit from above (a low-key studio shot): the
    // backdrop falls from 50 to 46 levels, then to 32 towards the floor, below 85 % of it.
    mt_srand(43, MT_RAND_MT19937);
    $im = canvas(480, 480, [50, 50, 50]);
    for ($y = 0; $y < 480; $y++) {
        $v = (int)round($y < 360 ? 50 - 4 * $y / 360 : 46 - 14 * ($y - 360) / 119);
        imageline($im, 0, $y, 479, $y, col($im, [$v, $v, $v]));
    }
    $L = new Layer(480, 480);
    $L->box(210, 150, 60, 70);
    tshirt($L, rgb('#b3121f'), null);
    put($im, $L);
    grain($im, 2);
    imagejpeg($im, "$dir/red-tshirt-dark-backdrop.jpg", 88);

    // A white air purifier on a warm beige backdrop that darkens towards the floor, lit as
    // softly as the backdrop: its body is as bright as the backdrop, only less tinted.
    mt_srand(41, MT_RAND_MT19937);
    $im = wall(480, 480, rgb('#e8ddd2'), [[0.0, 0.3, 0.02], [0.7, 1.0, -0.05]], 'u');
    $L = new Layer(480, 480);
    $L->box(150, 70, 180, 350);
    $L->shaded(fn($l, $s) => $l->rrect(0.0, 0.0, 1.0, 1.0, 0.08, $s), rgb('#e6e6e4'),
        [[0.0, 0.15, 0.03], [0.75, 0.9, -0.03], [0.9, 1.0, -0.06]]);
    $L->rect(0.30, 0.10, 0.70, 0.16, [45, 45, 48]);                                         // display
    for ($i = 0; $i < 6; $i++) {
        $L->line(0.20, 0.30 + $i * 0.07, 0.80, 0.30 + $i * 0.07, 1.0, rgb('#d2d2d0'));      // grille
    }
    put($im, $L);
    imagejpeg($im, "$dir/white-air-purifier.jpg", 88);

    // A white air fryer under the backdrop's own warm light: its body has the backdrop's
    // colour and tint, parted from it only by a dark seam along its outline, a pixel and a
    // half wide and between the samples (every fourth pixel), with a black display.
    mt_srand(43, MT_RAND_MT19937);
    $warm = rgb('#e6ddd2');
    $im = wall(480, 480, $warm, [[0.0, 0.3, 0.02], [0.7, 1.0, -0.05]], 'u');
    $L = new Layer(480, 480);
    $L->box(141, 81, 198, 318);
    $L->rrect(0.0, 0.0, 1.0, 1.0, 0.12, [48, 47, 46]);                                   // seam
    $L->box(142.5, 82.5, 195, 315);
    $L->rrect(0.0, 0.0, 1.0, 1.0, (0.12 * 198 - 1.5) / 195, $warm);                      // body
    $L->rect(0.36, 0.12, 0.64, 0.22, [30, 30, 32]);                                      // display
    put($im, $L);
    imagejpeg($im, "$dir/white-air-fryer.jpg", 88);

    // A model in a white t-shirt in a room: a green wall with a picture, a wooden floor.
    mt_srand(11, MT_RAND_MT19937);
    $wall = rgb('#a9b58f');
    $floor = rgb('#8c5a36');
    $im = canvas(480, 600, $wall);
    $R = new Layer(480, 600);
    $R->box(0, 0, 480, 600);
    $R->shaded(fn($l, $s) => $l->rect(0, 0, 1, 0.68, $s), $wall, [[0.0, 0.3, 0.06], [0.55, 0.68, -0.06]]);
    $R->rect(0, 0.68, 1, 1, $floor);
    for ($i = 0; $i < 8; $i++) {
        $R->line(0, 0.70 + $i * 0.045, 1, 0.70 + $i * 0.045, 1.0, shade($floor, -0.18));
    }
    $R->rect(0, 0.665, 1, 0.685, shade($wall, 0.35));                                      // skirting board
    $R->rect(0.04, 0.12, 0.22, 0.40, [232, 228, 215]);                                     // a picture
    $R->rect(0.06, 0.14, 0.20, 0.38, [120, 150, 175]);
    put($im, $R);
    person($im, 120, 40, 240, 560, rgb('#f4f2ee'), rgb('#3b4a66'));
    imagejpeg($im, "$dir/model-in-room.jpg", 86);

    // A model in a white sleeveless top before a light wall, framed to the waist.
    mt_srand(13, MT_RAND_MT19937);
    $wall = rgb('#d9d4cc');
    $light = [[0.0, 0.25, 0.05], [0.75, 1.0, -0.05]];
    $im = wall(480, 600, $wall, $light, 'u',
        fn($R) => $R->rect(0.80, 0.0, 0.86, 1.0, shade($wall, -0.12)));                    // a door frame
    person($im, 40, 20, 400, 1000, rgb('#f6f5f2'), rgb('#3b4a66'), true);
    imagejpeg($im, "$dir/model-white-top.jpg", 86);

    // A model in a white crop top and denim shorts before the same wall, head to feet: more
    // skin (arms, shoulders, waist, legs) than top.
    mt_srand(31, MT_RAND_MT19937);
    $im = wall(480, 600, $wall, $light, 'u');
    person($im, 110, 15, 260, 575, rgb('#e2b08e'), rgb('#e2b08e'), true);
    $S = new Layer(480, 600);
    $S->box(110, 15, 260, 575);
    $S->shaded(fn($l, $s) => $l->poly([[0.36, 0.13], [0.40, 0.13], [0.44, 0.19], [0.56, 0.19], [0.60, 0.13],
        [0.64, 0.13], [0.68, 0.24], [0.68, 0.44], [0.32, 0.44], [0.32, 0.24]], $s), rgb('#f6f5f2'), SOFT);  // crop top
    $S->rect(0.29, 0.48, 0.71, 0.56, rgb('#3b4a66'));                                     // shorts
    put($im, $S);
    imagejpeg($im, "$dir/model-crop-top.jpg", 86);

    // A model in a white blouse over blue jeans before the light wall, framed to the shins:
    // the jeans are saturated, the blouse is not.
    mt_srand(37, MT_RAND_MT19937);
    $im = wall(480, 600, $wall, $light, 'u');
    person($im, 90, 10, 300, 690, rgb('#f7f7f8'), rgb('#3d63a8'));
    imagejpeg($im, "$dir/model-white-blouse.jpg", 86);

    // A green jacket with orange sleeves and hem, top-lit: the lower half of its body falls
    // in a darker value bin than the upper half.
    productShot("$dir/green-jacket.jpg", rgb('#ffffff'), [100, 80, 280, 330], function ($L) {
        $orange = rgb('#e0782a');
        $L->poly([[0.22, 0.08], [0.08, 0.20], [0.01, 0.90], [0.12, 0.92], [0.20, 0.40]], $orange);
        $L->poly([[0.78, 0.08], [0.92, 0.20], [0.99, 0.90], [0.88, 0.92], [0.80, 0.40]], $orange);
        $body = [[0.22, 0.08], [0.38, 0.04], [0.50, 0.12], [0.62, 0.04], [0.78, 0.08], [0.80, 1.0], [0.20, 1.0]];
        $L->shaded(fn($l, $s) => $l->poly($body, $s), [40, 140, 62], [[0.5, 1.0, -0.12]]);
        $L->rect(0.20, 0.93, 0.80, 1.0, $orange);                                          // hem
        $L->line(0.50, 0.12, 0.50, 1.0, 1.5, [230, 230, 230]);                             // zip
    }, 29, false, 3);

    // A hot-pink t-shirt on white: a bluish red (h 346°) neither saturated nor dark enough to
    // be the red a shopper filters by.
    productShot("$dir/hot-pink-tshirt.jpg", rgb('#ffffff'), [90, 70, 300, 340],
        fn($L) => tshirt($L, rgb('#ff668a'), null), 37, false, 2);

    // A deep hot-pink t-shirt on white (#d93661: h 344°, s 0.75): its saturation bin is 0.8,
    // where a bluish red is red.
    productShot("$dir/deep-pink-tshirt.jpg", rgb('#ffffff'), [90, 70, 300, 340],
        fn($L) => tshirt($L, rgb('#d93661'), null), 47, false, 2);

    // A black t-shirt lit from above: its shoulders (a fifth of it) reach v 0.28, the rest is
    // v 0.15, and all of it falls in one value bin (v 0.2).
    productShot("$dir/black-tshirt.jpg", rgb('#ffffff'), [90, 70, 300, 340],
        fn($L) => tshirt($L, rgb('#262626'), null, [[0.0, 0.22, 0.15], [0.88, 1.0, -0.10]]), 53, false, 2);

    // A very dark navy sweater on white.
    productShot("$dir/navy-sweater.jpg", rgb('#ffffff'), [100, 80, 280, 330],
        fn($L) => jacket($L, rgb('#0b1128'), null, false), 17, false, 3);

    // A white shirt lit from the left, the rest of it in soft shade, on a blue-grey backdrop.
    productShot("$dir/shaded-white-shirt.jpg", rgb('#8f96a0'), [90, 60, 300, 360], function ($L) {
        $shape = [[0.37, 0.04], [0.18, 0.10], [0.0, 0.30], [0.12, 0.43], [0.22, 0.35], [0.22, 1.0],
                  [0.78, 1.0], [0.78, 0.35], [0.88, 0.43], [1.0, 0.30], [0.82, 0.10], [0.63, 0.04],
                  [0.58, 0.10], [0.50, 0.12], [0.42, 0.10]];
        $L->shaded(fn($l, $s) => $l->poly($shape, $s), rgb('#d2d2d0'),
            [[0.0, 0.18, 0.75], [0.18, 0.30, 0.45], [0.85, 1.0, -0.06]], 'u');
    }, 19, false, 2);

    // A steel bottle with a red band: a warm window reflected on its left half, cool daylight
    // on its right; both halves are greys (s < 0.1) of different tints.
    productShot("$dir/steel-bottle.jpg", rgb('#ffffff'), [150, 40, 180, 400], function ($L) {
        $band = fn($l) => $l->shaded(fn($l, $s) => $l->rect(0.14, 0.545, 0.86, 0.705, $s), [200, 30, 40], CYLINDER, 'u');
        bottle($L, rgb('#cdcab9'), [60, 60, 60], null);
        $band($L);
        $C = new Layer($L->w, $L->h);
        $C->box($L->bx, $L->by, $L->bw, $L->bh);
        bottle($C, rgb('#babfce'), [60, 60, 60], null);
        $band($C);
        imagecopy($L->im, $C->im, $C->X(0.5), 0, $C->X(0.5), 0, $C->w * SS - $C->X(0.5), $C->h * SS);
        imagedestroy($C->im);
    }, 23, true, 2);
}

/* ---------------------------------------------------------------- figures */

function colors(string $huewall, string $file, array $flags): array
{
    $cmd = escapeshellarg($huewall) . ' colors --preset product --jobs 1 '
        . implode(' ', array_map('escapeshellarg', $flags)) . ' ' . escapeshellarg($file);
    $line = shell_exec($cmd);
    $json = json_decode((string)$line, true);
    if (!is_array($json) || !isset($json['colors'])) {
        fwrite(STDERR, "make-docs-figures: no colours for $file: $line\n");
        exit(1);
    }
    return $json['colors'];
}

/** $families: also write each colour's family and hex under the bar. */
function bar($im, int $x, int $y, int $w, int $h, array $colors, string $title, bool $families = false): void
{
    $black = imagecolorallocate($im, 30, 30, 30);
    imagestring($im, 3, $x, $y - 16, $title, $black);
    // Each colour as wide as its share; the rest of the weight (other bins) stays pale.
    imagefilledrectangle($im, $x, $y, $x + $w - 1, $y + $h - 1, imagecolorallocate($im, 236, 236, 236));
    $cx = $x;
    foreach ($colors as $c) {
        $width = (int)round($w * $c['share']);
        [$r, $g, $b] = sscanf($c['hex'], '#%02x%02x%02x');
        imagefilledrectangle($im, $cx, $y, $cx + $width - 1, $y + $h - 1, imagecolorallocate($im, $r, $g, $b));
        $label = sprintf('%s %d%%', $c['family'], (int)round($c['share'] * 100));
        $light = ($r * 299 + $g * 587 + $b * 114) / 1000 > 140;
        $ink = $light ? $black : imagecolorallocate($im, 250, 250, 250);
        if ($width > 8 * strlen($label)) {
            imagestring($im, 3, $cx + 4, $y + (int)($h / 2) - 7, $label, $ink);
        }
        if ($cx > $x) {   // a white hairline between colours, so two alike stay two
            imageline($im, $cx, $y, $cx, $y + $h - 1, imagecolorallocate($im, 255, 255, 255));
        }
        $cx += $width;
    }
    imagerectangle($im, $x, $y, $x + $w - 1, $y + $h - 1, imagecolorallocate($im, 180, 180, 180));
    if ($families) {
        $text = implode(', ', array_map(fn($c) => "{$c['family']} ({$c['hex']})", $colors));
        imagestring($im, 3, $x, $y + $h + 2, 'family: ' . $text, $black);
    }
}

drawInputs($inputs);
$failed = [];
foreach ($examples as $example) {
    [$name, $file, $off, $title, $family, $context] = $example;
    $productTitle = $example[6] ?? null;
    if ($productTitle !== null) {
        $context = array_merge($context, ['--title', $productTitle]);
    }
    $before = colors($huewall, $file, array_merge($context, $off));
    $after = colors($huewall, $file, $context);
    // The figure must show the step at work: without it the top colour has another family, or
    // a share at least 10 points apart; with it, the top colour is the product's family.
    if ($before[0]['family'] === $after[0]['family'] && abs($before[0]['share'] - $after[0]['share']) < 0.10) {
        $failed[] = "$name: the top colour hardly changes with " . implode(' ', $off);
    }
    if ($after[0]['family'] !== $family) {
        $failed[] = "$name: the top colour is {$after[0]['family']} with the step on, not $family";
    }
    $families = array_intersect(['--no-lit-families', '--no-mean-saturation', '--no-neutral-surface'], $off) !== [];

    $src = imagecreatefromstring(file_get_contents($file));
    $thumb = 200;
    $scale = $thumb / max(imagesx($src), imagesy($src));
    $im = imagecreatetruecolor(640, 220);
    imagefill($im, 0, 0, imagecolorallocate($im, 255, 255, 255));
    imagecopyresampled($im, $src, 10, 10, 0, 0, (int)(imagesx($src) * $scale), (int)(imagesy($src) * $scale), imagesx($src), imagesy($src));
    $black = imagecolorallocate($im, 30, 30, 30);
    $shown = str_starts_with($file, "$out/") ? substr($file, strlen($out) + 1) : basename($file);
    imagestring($im, 4, 230, 12, $title . ': ' . $shown, $black);
    $given = $productTitle === null ? '' : ", --title \"$productTitle\"";
    $firstFour = in_array('--no-deep-shadows', $context, true);
    bar($im, 230, 64, 400, 48, $before, 'off (' . implode(' ', $off) . ($firstFour ? ', first four steps only' : $given) . ')', $families);
    bar($im, 230, 150, 400, 48, $after, $firstFour ? 'on (first four steps only)' : "on (product preset$given)", $families);
    imagepng($im, "$out/$name.png");
    echo "$out/$name.png\n";
}
if ($failed !== []) {
    fwrite(STDERR, "make-docs-figures: these figures do not show their step:\n  " . implode("\n  ", $failed) . "\n");
    exit(1);
}
