<?php
/*
 * Huewall fixtures for choosing among a product's images.
 *
 * usage: php scripts/make-image-choice-fixtures.php [OUT_DIR]
 *        (default: Tests/HuewallPipelineTests/Fixtures/ beside scripts/)
 *
 * Draws one green T-shirt twice:
 *
 *   model-shot.jpg  worn by a person in a room: a wall with a window and a picture, a
 *                   wooden floor (no uniform border), skin on the face, arms and neck,
 *                   and red trousers that cover more of the frame than the shirt does.
 *                   Its colour read alone is not the shirt's.
 *   packshot.png    the same shirt alone on a white backdrop, as a shop's product shot.
 *
 * A product whose first image is the model shot and second the packshot must take the
 * packshot's colour (green) when it may choose among its images, and the model shot's when
 * only its first image is analysed. Output is reproducible: the only random numbers come
 * from mt_srand() with a fixed seed, and running the script twice gives identical files.
 */

declare(strict_types=1);

if (!extension_loaded('gd')) {
    fwrite(STDERR, "make-image-choice-fixtures.php: the PHP gd extension is missing (apt-get install php-cli php-gd)\n");
    exit(1);
}
require_once __DIR__ . '/lib/products.php';

const W = 400;
const H = 500;
const SHIRT = '#2f9e44';
const TROUSERS = '#c0392b';
const SKIN = '#e0ac8a';

$dir = rtrim($argv[1] ?? __DIR__ . '/../Tests/HuewallPipelineTests/Fixtures', '/');
if (!is_dir($dir) && !mkdir($dir, 0777, true)) {
    fwrite(STDERR, "make-image-choice-fixtures.php: cannot create $dir\n");
    exit(1);
}

/** The room: a warm wall with a window and a framed picture, a wooden floor, some grain. */
function room(): GdImage
{
    mt_srand(2020, MT_RAND_MT19937);
    $im = imagecreatetruecolor(W, H);
    // The wall: a horizontal light falloff from the window side.
    for ($x = 0; $x < W; $x++) {
        $f = $x / W;
        $c = [(int)(214 - 40 * $f), (int)(196 - 38 * $f), (int)(168 - 30 * $f)];
        imageline($im, $x, 0, $x, (int)(H * 0.72), col($im, $c));
    }
    // The window (sky and frame) and a picture on the other side.
    imagefilledrectangle($im, 18, 40, 110, 210, col($im, rgb('#f2f2ee')));
    imagefilledrectangle($im, 26, 48, 102, 202, col($im, rgb('#9cc3e6')));
    imageline($im, 64, 48, 64, 202, col($im, rgb('#f2f2ee')));
    imagefilledrectangle($im, 300, 70, 380, 170, col($im, rgb('#3b2f2a')));
    imagefilledrectangle($im, 308, 78, 372, 162, col($im, rgb('#d9a441')));
    // The floor: planks in browns.
    for ($y = (int)(H * 0.72); $y < H; $y += 14) {
        $c = shade(rgb('#8a5a3b'), (mt_rand(0, 20) - 10) / 100);
        imagefilledrectangle($im, 0, $y, W - 1, min(H - 1, $y + 13), col($im, $c));
        imageline($im, 0, $y, W - 1, $y, col($im, rgb('#5e3b26')));
    }
    // A plant in the corner.
    imagefilledellipse($im, 360, 300, 70, 120, col($im, rgb('#4d6b3a')));
    imagefilledrectangle($im, 340, 330, 380, 380, col($im, rgb('#b0603c')));
    return $im;
}

/** The person wearing the shirt, drawn over the room. */
function person(GdImage $im): void
{
    $skin = col($im, rgb(SKIN));
    $shirt = rgb(SHIRT);
    // Legs in red trousers: from the hips down to the floor, wide.
    imagefilledpolygon($im, [140, 300, 260, 300, 275, 480, 210, 480, 200, 360, 190, 480, 125, 480], col($im, rgb(TROUSERS)));
    imagefilledrectangle($im, 140, 300, 260, 330, col($im, shade(rgb(TROUSERS), -0.1)));
    // Shoes.
    imagefilledellipse($im, 160, 485, 60, 20, col($im, rgb('#222222')));
    imagefilledellipse($im, 240, 485, 60, 20, col($im, rgb('#222222')));
    // Arms (skin) hanging beside the body, and hands.
    imagefilledpolygon($im, [128, 170, 146, 170, 138, 300, 118, 300], $skin);
    imagefilledpolygon($im, [254, 170, 272, 170, 282, 300, 262, 300], $skin);
    imagefilledellipse($im, 128, 308, 24, 28, $skin);
    imagefilledellipse($im, 272, 308, 24, 28, $skin);
    // Neck and head, with hair.
    imagefilledrectangle($im, 186, 110, 214, 140, $skin);
    imagefilledellipse($im, 200, 85, 70, 86, $skin);
    imagefilledarc($im, 200, 70, 76, 62, 180, 360, col($im, rgb('#3a2418')), IMG_ARC_PIE);
    // The shirt: short sleeves over the shoulders, the body down to the hips.
    imagefilledpolygon($im, [150, 138, 250, 138, 276, 180, 256, 196, 252, 306, 148, 306, 144, 196, 124, 180], col($im, $shirt));
    imagefilledpolygon($im, [150, 138, 250, 138, 254, 150, 146, 150], col($im, shade($shirt, 0.10)));
    imagefilledrectangle($im, 148, 286, 252, 306, col($im, shade($shirt, -0.12)));
    imagefilledellipse($im, 200, 140, 36, 16, $skin);
}

$model = room();
person($model);
imagejpeg($model, "$dir/model-shot.jpg", 90);
imagedestroy($model);

// The packshot: the same shirt alone, on white, filling about half of the frame.
$L = new Layer(W, H);
$L->box(0.12 * W, 0.15 * H, 0.76 * W, 0.68 * H);
tshirt($L, rgb(SHIRT), null);
$shirt = $L->reduce();
imagedestroy($L->im);
$pack = imagecreatetruecolor(W, H);
imagefilledrectangle($pack, 0, 0, W - 1, H - 1, col($pack, rgb('#ffffff')));
imagealphablending($pack, true);
imagecopy($pack, $shirt, 0, 0, 0, 0, W, H);
imagepng($pack, "$dir/packshot.png", 9);
imagedestroy($pack);
imagedestroy($shirt);

echo "wrote $dir/model-shot.jpg and $dir/packshot.png\n";
