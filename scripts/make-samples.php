<?php
/*
 * Huewall sample product images.
 *
 * usage: php scripts/make-samples.php [OUT_DIR]        (default: samples/ beside scripts/)
 *
 * Draws 24 small product-like images (sneakers, bags, shirts, caps, mugs, bottles,
 * jackets, socks, ...) with GD primitives on white, off-white, light-grey and
 * transparent backgrounds, in JPEG (baseline and progressive), PNG (RGB, RGBA,
 * palette, grey-looking RGB), GIF, WebP (lossy and lossless), BMP and AVIF, and
 * writes OUT_DIR/labels.tsv:
 *
 *   file  product  family  drawn_hex  background  format
 *
 * family is the shopping colour family of the product's main colour, drawn_hex the
 * main fill colour it was drawn with. Output is reproducible: every random number
 * comes from mt_srand() with a fixed seed per image, nothing depends on the clock,
 * and running the script twice gives byte-identical files.
 *
 * Products are drawn at 3x and reduced with imagecopyresampled (anti-aliased edges,
 * like a real photo's), with shading bands, a soft shadow on some, and a fine fabric
 * grain on some; the drawing code lives in scripts/lib/products.php, which
 * scripts/make-evalset.php shares (keep its defaults so these files stay identical). The script checks that every product covers 25-60 % of its frame
 * and that every file is smaller than 100 KB, and fails otherwise.
 */

declare(strict_types=1);

if (!extension_loaded('gd')) {
    fwrite(STDERR, "make-samples.php: the PHP gd extension is missing (apt-get install php-cli php-gd)\n");
    exit(1);
}
require_once __DIR__ . '/lib/products.php';


const BACKGROUNDS = [
    'white' => '#ffffff',
    'off-white' => '#f7f5f0',
    'light-grey' => '#eeeeee',
    'transparent' => null,
];

/**
 * One sample: $spec has file, product, family, hex, bg, format, w, h, box [x,y,w,h] as
 * fractions of the frame, draw(Layer, base rgb), and optional shadow, grain, quality.
 */
function render(array $spec, string $dir): array
{
    mt_srand($spec['seed'], MT_RAND_MT19937);
    [$w, $h] = [$spec['w'], $spec['h']];
    $L = new Layer($w, $h);
    [$fx, $fy, $fw, $fh] = $spec['box'];
    $L->box($fx * $w, $fy * $h, $fw * $w, $fh * $h);
    ($spec['draw'])($L, rgb($spec['hex']));
    $product = $L->reduce();
    imagedestroy($L->im);
    if (($spec['grain'] ?? 0) > 0) {
        grain($product, $spec['grain']);
    }
    $cov = coverage($product);

    $bgHex = BACKGROUNDS[$spec['bg']];
    if ($bgHex === null) {
        $im = $product;
    } else {
        $im = imagecreatetruecolor($w, $h);
        imagefilledrectangle($im, 0, 0, $w - 1, $h - 1, col($im, rgb($bgHex)));
        if ($spec['shadow'] ?? false) {
            // under the product's base line, a little wider than it
            shadow($im, ($fx + $fw / 2) * $w, ($fy + $fh * ($spec['shadowAt'] ?? 0.98)) * $h, $fw * $w * 1.05,
                max(12, $fh * $h * 0.10));
        }
        imagealphablending($im, true);
        imagecopy($im, $product, 0, 0, 0, 0, $w, $h);
        imagedestroy($product);
    }

    $path = "$dir/{$spec['file']}";
    $q = $spec['quality'] ?? 88;
    switch ($spec['format']) {
        case 'jpeg':
        case 'jpeg-progressive':
            imageinterlace($im, $spec['format'] === 'jpeg-progressive');
            imagejpeg($im, $path, $q);
            break;
        case 'png-rgb':
            imagesavealpha($im, false);
            imagepng($im, $path, 9);
            break;
        case 'png-rgba':
            imagesavealpha($im, true);
            imagepng($im, $path, 9);
            break;
        case 'png-palette':
            $pal = toPalette($im, 64);
            imagepng($pal, $path, 9);
            imagedestroy($pal);
            break;
        case 'gif':
            $pal = toTransparentPalette($im);
            imagegif($pal, $path);
            imagedestroy($pal);
            break;
        case 'webp-lossy':
            imagewebp($im, $path, $q);
            break;
        case 'webp-lossless':
            imagewebp($im, $path, IMG_WEBP_LOSSLESS);
            break;
        case 'bmp':
            // 24-bit BMP would be ~400 KB: a 256-colour RLE8 BMP stays small
            $pal = toPalette($im, 256);
            imagebmp($pal, $path, true);
            imagedestroy($pal);
            break;
        case 'avif':
            imageavif($im, $path, $q, 6);
            break;
        default:
            throw new RuntimeException("unknown format {$spec['format']}");
    }
    imagedestroy($im);
    clearstatcache();
    return [$cov, filesize($path)];
}

/* ---------------------------------------------------------------- the catalogue */

$W = [250, 250, 250];
$samples = [
    ['01-red-sneaker.jpg', 'sneaker', 'red', '#d0202e', 'white', 'jpeg', 600, 420, [0.08, 0.16, 0.84, 0.66],
        fn($L, $c) => sneaker($L, $c, $W, [255, 255, 255]), ['shadow' => true, 'quality' => 88]],
    ['02-navy-backpack.jpg', 'backpack', 'navy', '#1f2a4d', 'off-white', 'jpeg', 480, 560, [0.16, 0.12, 0.68, 0.76],
        fn($L, $c) => backpack($L, $c, [200, 170, 60]), ['shadow' => true, 'grain' => 3, 'quality' => 86]],
    ['03-yellow-tshirt.png', 't-shirt', 'yellow', '#f2c51f', 'light-grey', 'png-rgb', 500, 500, [0.12, 0.12, 0.76, 0.76],
        fn($L, $c) => tshirt($L, $c, [30, 60, 140]), []],
    ['04-green-cap.png', 'cap', 'green', '#2f8a3c', 'transparent', 'png-rgba', 480, 360, [0.10, 0.12, 0.80, 0.76],
        fn($L, $c) => cap($L, $c, [255, 255, 255], shade($c, -0.3)), []],
    ['05-blue-mug.jpg', 'mug', 'blue', '#2a6ad4', 'white', 'jpeg-progressive', 400, 400, [0.18, 0.16, 0.64, 0.70],
        fn($L, $c) => mug($L, $c, shade($c, -0.45), [255, 255, 255]), ['shadow' => true, 'shadowAt' => 1.0, 'quality' => 90]],
    ['06-orange-bottle.jpg', 'bottle', 'orange', '#f07a1a', 'white', 'jpeg', 360, 560, [0.23, 0.08, 0.54, 0.85],
        fn($L, $c) => bottle($L, $c, [40, 40, 40], [255, 255, 255]), ['shadow' => true, 'quality' => 88]],
    ['07-purple-hoodie.webp', 'hoodie', 'purple', '#6a3d9e', 'off-white', 'webp-lossy', 520, 560, [0.10, 0.08, 0.80, 0.84],
        fn($L, $c) => jacket($L, $c, [230, 230, 230], true), ['grain' => 3, 'quality' => 82]],
    ['08-pink-socks.jpg', 'socks', 'pink', '#f08ab4', 'white', 'jpeg', 560, 400, [0.12, 0.08, 0.68, 0.84],
        fn($L, $c) => socks($L, $c, [255, 255, 255], shade($c, -0.15)), ['grain' => 4, 'quality' => 87]],
    ['09-brown-boot.jpg', 'boot', 'brown', '#6b4226', 'off-white', 'jpeg', 560, 480, [0.10, 0.10, 0.80, 0.78],
        fn($L, $c) => boot($L, $c, [35, 28, 24], [220, 190, 140]), ['shadow' => true, 'quality' => 88]],
    ['10-beige-tote.jpg', 'tote bag', 'beige', '#d8c39e', 'white', 'jpeg', 480, 520, [0.14, 0.08, 0.72, 0.82],
        fn($L, $c) => tote($L, $c, [120, 80, 50], [60, 60, 60]), ['shadow' => true, 'grain' => 4, 'quality' => 86]],
    ['11-black-sneaker.jpg', 'sneaker', 'black', '#1c1c1e', 'white', 'jpeg', 640, 440, [0.08, 0.16, 0.84, 0.66],
        fn($L, $c) => sneaker($L, $c, [255, 255, 255], [255, 255, 255]), ['shadow' => true, 'quality' => 88]],
    ['12-white-tshirt.jpg', 't-shirt', 'white', '#fcfcfc', 'light-grey', 'jpeg', 520, 520, [0.12, 0.12, 0.76, 0.76],
        fn($L, $c) => tshirt($L, $c, [210, 40, 40]), ['quality' => 90]],
    ['13-grey-hoodie.png', 'hoodie', 'grey', '#8c8c8c', 'white', 'png-rgb', 480, 520, [0.10, 0.08, 0.80, 0.84],
        fn($L, $c) => jacket($L, $c, [40, 40, 40], true), []],
    ['14-gold-clutch.gif', 'clutch bag', 'gold', '#c9a227', 'transparent', 'gif', 480, 360, [0.10, 0.12, 0.80, 0.76],
        fn($L, $c) => clutch($L, $c, [40, 40, 40]), []],
    ['15-multicolour-sneaker.jpg', 'sneaker', 'multicolour', '#2456c8', 'white', 'jpeg', 600, 420, [0.08, 0.16, 0.84, 0.66],
        fn($L, $c) => sneaker($L, $c, [255, 255, 255], [240, 200, 30], [[226, 40, 50], [40, 170, 90], [250, 140, 20]]),
        ['shadow' => true, 'quality' => 88]],
    ['16-silver-bottle.webp', 'bottle', 'silver', '#c0c5cb', 'white', 'webp-lossless', 320, 520, [0.22, 0.08, 0.56, 0.84],
        fn($L, $c) => bottle($L, $c, [60, 60, 66], [30, 30, 34], STEEL), ['shadow' => true]],
    ['17-red-cap.bmp', 'cap', 'red', '#b81d24', 'white', 'bmp', 440, 340, [0.10, 0.12, 0.80, 0.76],
        fn($L, $c) => cap($L, $c, [255, 255, 255], [255, 255, 255]), []],
    ['18-green-jacket.jpg', 'jacket', 'green', '#4a6b2a', 'light-grey', 'jpeg', 520, 580, [0.10, 0.08, 0.80, 0.84],
        fn($L, $c) => jacket($L, $c, [20, 20, 20], false), ['grain' => 3, 'quality' => 86]],
    ['19-blue-sneaker.avif', 'sneaker', 'blue', '#3b8fd9', 'off-white', 'avif', 560, 400, [0.08, 0.16, 0.84, 0.66],
        fn($L, $c) => sneaker($L, $c, [255, 255, 255], [20, 40, 90]), ['shadow' => true, 'quality' => 60]],
    ['20-navy-tshirt.png', 't-shirt', 'navy', '#22305a', 'white', 'png-palette', 480, 480, [0.12, 0.12, 0.76, 0.76],
        fn($L, $c) => tshirt($L, $c, [255, 255, 255]), []],
    ['21-black-backpack.jpg', 'backpack', 'black', '#222222', 'light-grey', 'jpeg', 480, 560, [0.16, 0.12, 0.68, 0.76],
        fn($L, $c) => backpack($L, $c, [200, 30, 40]), ['shadow' => true, 'grain' => 3, 'quality' => 86]],
    ['22-pink-mug.jpg', 'mug', 'pink', '#e8518a', 'off-white', 'jpeg', 420, 360, [0.20, 0.14, 0.60, 0.72],
        fn($L, $c) => mug($L, $c, [245, 245, 245], null), ['shadow' => true, 'shadowAt' => 1.0, 'quality' => 88]],
    ['23-purple-socks.jpg', 'socks', 'purple', '#7b4bb3', 'white', 'jpeg', 540, 400, [0.12, 0.08, 0.68, 0.84],
        fn($L, $c) => socks($L, $c, [240, 200, 40], shade($c, 0.2)), ['grain' => 4, 'quality' => 87]],
    ['24-brown-clutch.jpg', 'clutch bag', 'brown', '#8a5a34', 'white', 'jpeg', 500, 380, [0.12, 0.14, 0.76, 0.74],
        fn($L, $c) => clutch($L, $c, [205, 170, 80]), ['shadow' => true, 'grain' => 4, 'quality' => 88]],
];

$dir = $argv[1] ?? dirname(__DIR__) . '/samples';
if (!is_dir($dir) && !mkdir($dir, 0777, true)) {
    fwrite(STDERR, "make-samples.php: cannot create $dir\n");
    exit(1);
}

$labels = "file\tproduct\tfamily\tdrawn_hex\tbackground\tformat\n";
$failed = false;
foreach ($samples as $i => [$file, $product, $family, $hex, $bg, $format, $w, $h, $box, $draw, $opts]) {
    $spec = ['file' => $file, 'hex' => $hex, 'bg' => $bg, 'format' => $format, 'w' => $w, 'h' => $h,
             'box' => $box, 'draw' => $draw, 'seed' => 1000 + $i] + $opts;
    [$cov, $bytes] = render($spec, $dir);
    $problems = [];
    if ($cov < 0.25 || $cov > 0.60) {
        $problems[] = 'coverage outside 25-60 %';
    }
    if ($bytes >= 100 * 1024) {
        $problems[] = 'file >= 100 KB';
    }
    printf("%-28s %4dx%-4d %-16s %6d bytes  product %4.1f %%%s\n", $file, $w, $h, $format, $bytes, 100 * $cov,
        $problems ? '  ' . implode(', ', $problems) : '');
    $failed = $failed || $problems;
    $labels .= "$file\t$product\t$family\t$hex\t$bg\t$format\n";
}
file_put_contents("$dir/labels.tsv", $labels);
echo "wrote ", count($samples), " images and labels.tsv to $dir\n";
exit($failed ? 1 : 0);
