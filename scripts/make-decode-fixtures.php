<?php
/*
 * Huewall decode-test fixtures.
 *
 * usage: php scripts/make-decode-fixtures.php [OUT_DIR]
 *        (default: Tests/HuewallDecodeTests/Fixtures/ beside scripts/)
 *
 * Writes small images in every format HuewallDecode reads, plus broken and hostile
 * inputs (truncated, empty, HTML, headers claiming 40000x40000 pixels). Most files come
 * from PHP's gd (libgd); the greyscale and CMYK JPEGs from ImageMagick's convert, the
 * greyscale PNG and every patched header from this script's own byte code. The output
 * is byte-identical from run to run (fixed mt_srand seeds, -strip for ImageMagick).
 *
 * The "block" images share one pattern, described in blocks.json: 64x48 pixels, 4x3
 * flat blocks of 16x16 (aligned to the JPEG MCUs so JPEG colours stay within a few
 * levels). pixels.png/pixels.json give exact pixels with alpha.
 *
 * After writing, the script decodes every file it expects to be valid with gd and
 * checks sizes, truecolor/palette and block colours, and prints a summary.
 */

declare(strict_types=1);

if (!extension_loaded('gd')) {
    fwrite(STDERR, "make-decode-fixtures.php: the PHP gd extension is missing (apt-get install php-cli php-gd)\n");
    exit(1);
}

$dir = $argv[1] ?? dirname(__DIR__) . '/Tests/HuewallDecodeTests/Fixtures';
if (!is_dir($dir) && !mkdir($dir, 0777, true)) {
    fwrite(STDERR, "make-decode-fixtures.php: cannot create $dir\n");
    exit(1);
}
$tmp = sys_get_temp_dir() . '/huewall-fixtures-' . getmypid();
mkdir($tmp);
register_shutdown_function(function () use ($tmp) {
    foreach (glob("$tmp/*") as $f) {
        unlink($f);
    }
    rmdir($tmp);
});

function fail(string $msg): never
{
    fwrite(STDERR, "make-decode-fixtures.php: $msg\n");
    exit(1);
}

function put(string $path, string $bytes): void
{
    if (file_put_contents($path, $bytes) !== strlen($bytes)) {
        fail("cannot write $path");
    }
}

function run(string $cmd): void
{
    exec($cmd . ' 2>&1', $out, $rc);
    if ($rc !== 0) {
        fail("command failed ($rc): $cmd\n" . implode("\n", $out));
    }
}

/* ------------------------------------------------------------ PNG bytes */

function pngChunk(string $type, string $data): string
{
    return pack('N', strlen($data)) . $type . $data . pack('N', crc32($type . $data));
}

/** Chunks of a PNG as [type, data offset, length]. */
function pngChunks(string $png): array
{
    if (substr($png, 0, 8) !== "\x89PNG\r\n\x1a\n") {
        fail('not a PNG');
    }
    $out = [];
    for ($p = 8; $p + 12 <= strlen($png);) {
        $len = unpack('N', substr($png, $p, 4))[1];
        $out[] = [substr($png, $p + 4, 4), $p + 8, $len];
        $p += 12 + $len;
    }
    return $out;
}

/** Decodes an 8-bit RGBA (colour type 6), non-interlaced PNG: [w, h, [[r,g,b,a8], ...] row-major]. */
function decodePngRgba(string $png): array
{
    $idat = '';
    $w = $h = 0;
    foreach (pngChunks($png) as [$type, $off, $len]) {
        if ($type === 'IHDR') {
            $ihdr = unpack('Nw/Nh/Cdepth/Ctype/Ccomp/Cfilter/Cinterlace', substr($png, $off, $len));
            if ($ihdr['depth'] !== 8 || $ihdr['type'] !== 6 || $ihdr['interlace'] !== 0) {
                fail('decodePngRgba: not 8-bit RGBA non-interlaced');
            }
            [$w, $h] = [$ihdr['w'], $ihdr['h']];
        } elseif ($type === 'IDAT') {
            $idat .= substr($png, $off, $len);
        }
    }
    $raw = gzuncompress($idat);
    $bpp = 4;
    $stride = $w * $bpp;
    $prev = array_fill(0, $stride, 0);
    $pixels = [];
    for ($y = 0; $y < $h; $y++) {
        $filter = ord($raw[$y * ($stride + 1)]);
        $line = [];
        for ($i = 0; $i < $stride; $i++) {
            $x = ord($raw[$y * ($stride + 1) + 1 + $i]);
            $a = $i >= $bpp ? $line[$i - $bpp] : 0;
            $b = $prev[$i];
            $c = $i >= $bpp ? $prev[$i - $bpp] : 0;
            $pred = match ($filter) {
                0 => 0,
                1 => $a,
                2 => $b,
                3 => intdiv($a + $b, 2),
                4 => (function () use ($a, $b, $c) {
                    $p = $a + $b - $c;
                    [$pa, $pb, $pc] = [abs($p - $a), abs($p - $b), abs($p - $c)];
                    return ($pa <= $pb && $pa <= $pc) ? $a : ($pb <= $pc ? $b : $c);
                })(),
            };
            $line[] = ($x + $pred) & 0xff;
        }
        for ($x = 0; $x < $w; $x++) {
            $pixels[] = array_slice($line, $x * 4, 4);
        }
        $prev = $line;
    }
    return [$w, $h, $pixels];
}

/** A colour-type-0 (greyscale), 8-bit PNG written byte by byte: rows of grey levels. */
function greyPng(array $rows): string
{
    $h = count($rows);
    $w = count($rows[0]);
    $raw = '';
    foreach ($rows as $row) {
        $raw .= "\x00" . pack('C*', ...$row);
    }
    return "\x89PNG\r\n\x1a\n"
        . pngChunk('IHDR', pack('NNCCCCC', $w, $h, 8, 0, 0, 0, 0))
        . pngChunk('IDAT', gzcompress($raw, 9))
        . pngChunk('IEND', '');
}

/* ------------------------------------------------------------ the block pattern */

const BW = 64, BH = 48, B = 16;
const BLOCKS = [                                   // row-major, 4 x 3
    [220, 30, 40], [40, 170, 70], [30, 70, 200], [245, 200, 30],
    [250, 130, 20], [20, 30, 80], [120, 60, 160], [240, 140, 180],
    [255, 255, 255], [0, 0, 0], [128, 128, 128], [110, 70, 40],
];
const GREYS = [0, 32, 64, 96, 128, 144, 160, 176, 192, 224, 240, 255];
const ROW_ALPHA = [0, 64, 127];                    // gd 7-bit alpha per block row in rgba.png / lossless.webp

function blocks(bool $alpha = false)
{
    $im = imagecreatetruecolor(BW, BH);
    imagealphablending($im, false);
    imagesavealpha($im, $alpha);
    foreach (BLOCKS as $i => [$r, $g, $b]) {
        $x = ($i % 4) * B;
        $y = intdiv($i, 4) * B;
        $a = $alpha ? ROW_ALPHA[intdiv($i, 4)] : 0;
        imagefilledrectangle($im, $x, $y, $x + B - 1, $y + B - 1, imagecolorallocatealpha($im, $r, $g, $b, $a));
    }
    return $im;
}

function paletteBlocks(bool $transparentBlock)
{
    $im = imagecreate(BW, BH);
    $idx = [];
    foreach (BLOCKS as $i => [$r, $g, $b]) {
        $idx[$i] = imagecolorallocate($im, $r, $g, $b);
    }
    foreach (BLOCKS as $i => $_) {
        $x = ($i % 4) * B;
        $y = intdiv($i, 4) * B;
        imagefilledrectangle($im, $x, $y, $x + B - 1, $y + B - 1, $idx[$i]);
    }
    if ($transparentBlock) {
        imagecolortransparent($im, $idx[10]);       // the grey block (index 10) is transparent
    }
    return $im;
}

function greyRows(): array
{
    $rows = [];
    for ($y = 0; $y < BH; $y++) {
        $row = [];
        for ($x = 0; $x < BW; $x++) {
            $row[] = GREYS[intdiv($y, B) * 4 + intdiv($x, B)];
        }
        $rows[] = $row;
    }
    return $rows;
}

function gdBytes(callable $write): string
{
    ob_start();
    $write();
    return ob_get_clean();
}

/** A detailed 256x256 picture (colour waves + grain) whose JPEG scan is long. */
function detailed(int $w, int $h, int $seed, int $grain)
{
    mt_srand($seed, MT_RAND_MT19937);
    $im = imagecreatetruecolor($w, $h);
    for ($y = 0; $y < $h; $y++) {
        for ($x = 0; $x < $w; $x++) {
            $n = mt_rand(-$grain, $grain);
            $r = (int)(128 + 100 * sin($x / 9.0) * cos($y / 23.0)) + $n;
            $g = (int)(128 + 100 * sin(($x + $y) / 17.0)) + $n;
            $b = (int)(128 + 100 * cos($y / 7.0 - $x / 31.0)) + $n;
            imagesetpixel($im, $x, $y, (max(0, min(255, $r)) << 16) | (max(0, min(255, $g)) << 8) | max(0, min(255, $b)));
        }
    }
    return $im;
}

/* ------------------------------------------------------------ header patches */

/** Sets the frame size in the first SOF0 (baseline) header of a JPEG. */
function patchJpegSize(string $jpg, int $w, int $h): string
{
    for ($p = 2; $p + 4 <= strlen($jpg);) {
        if (ord($jpg[$p]) !== 0xFF) {
            fail('patchJpegSize: lost marker sync');
        }
        $m = ord($jpg[$p + 1]);
        $len = unpack('n', substr($jpg, $p + 2, 2))[1];
        if ($m === 0xC0) {
            // FF C0, length(2), precision(1), height(2), width(2)
            return substr_replace($jpg, pack('nn', $h, $w), $p + 5, 4);
        }
        if ($m === 0xDA) {
            break;
        }
        $p += 2 + $len;
    }
    fail('patchJpegSize: no SOF0 before SOS');
}

/** Offset of the first byte of entropy-coded data (after the SOS header). */
function jpegScanStart(string $jpg): int
{
    for ($p = 2; $p + 4 <= strlen($jpg);) {
        $m = ord($jpg[$p + 1]);
        $len = unpack('n', substr($jpg, $p + 2, 2))[1];
        if ($m === 0xDA) {
            return $p + 2 + $len;
        }
        $p += 2 + $len;
    }
    fail('jpegScanStart: no SOS');
}

function patchPngSize(string $png, int $w, int $h): string
{
    [$type, $off, $len] = pngChunks($png)[0];
    if ($type !== 'IHDR') {
        fail('patchPngSize: first chunk is not IHDR');
    }
    $data = pack('NN', $w, $h) . substr($png, $off + 8, $len - 8);
    return substr_replace($png, $data . pack('N', crc32('IHDR' . $data)), $off, $len + 4);
}

/** Sets the logical screen size and every image descriptor's size of a GIF. */
/** The first image's LZW sub-blocks in a GIF: [offset of the first, offset of the terminator]. */
function gifImageData(string $gif): array
{
    $i = 13;
    $flags = ord($gif[10]);
    if ($flags & 0x80) {
        $i += 3 * (2 << ($flags & 7));
    }
    while (true) {
        $tag = ord($gif[$i]);
        if ($tag === 0x21) {
            $i += 2;
            while (ord($gif[$i]) !== 0) {
                $i += ord($gif[$i]) + 1;
            }
            $i += 1;
        } elseif ($tag === 0x2C) {
            $flags = ord($gif[$i + 9]);
            $i += 10;
            if ($flags & 0x80) {
                $i += 3 * (2 << ($flags & 7));
            }
            $start = $i + 1;
            $i = $start;
            while (ord($gif[$i]) !== 0) {
                $i += ord($gif[$i]) + 1;
            }
            return [$start, $i];
        } else {
            fail('gifImageData: no image in the GIF');
        }
    }
}

function patchGifSize(string $gif, int $w, int $h): string
{
    $gif = substr_replace($gif, pack('vv', $w, $h), 6, 4);
    $flags = ord($gif[10]);
    $p = 13 + (($flags & 0x80) ? 3 * (2 << ($flags & 7)) : 0);
    $patched = 0;
    while ($p < strlen($gif)) {
        $c = ord($gif[$p]);
        if ($c === 0x3B) {                              // trailer
            break;
        }
        if ($c === 0x21) {                              // extension: label, sub-blocks
            $p += 2;
            while (($n = ord($gif[$p])) !== 0) {
                $p += 1 + $n;
            }
            $p++;
        } elseif ($c === 0x2C) {                        // image descriptor: left, top, width, height, flags
            $gif = substr_replace($gif, pack('vv', $w, $h), $p + 5, 4);
            $patched++;
            $f = ord($gif[$p + 9]);
            $p += 10 + (($f & 0x80) ? 3 * (2 << ($f & 7)) : 0);
            $p++;                                       // LZW minimum code size
            while (($n = ord($gif[$p])) !== 0) {
                $p += 1 + $n;
            }
            $p++;
        } else {
            fail(sprintf('patchGifSize: unexpected byte %02x at %d', $c, $p));
        }
    }
    if ($patched === 0) {
        fail('patchGifSize: no image descriptor');
    }
    return $gif;
}

/**
 * Wraps a simple-format WebP (one VP8 or VP8L chunk) in the extended format with a VP8X
 * chunk whose canvas is w x h (24-bit fields, so up to 16777216 per side).
 */
function webpWithCanvas(string $webp, int $w, int $h): string
{
    if (substr($webp, 0, 4) !== 'RIFF' || substr($webp, 8, 4) !== 'WEBP') {
        fail('webpWithCanvas: not a WebP');
    }
    $body = substr($webp, 12);                          // the VP8/VP8L chunk
    $u24 = fn(int $v) => substr(pack('V', $v), 0, 3);
    $vp8x = 'VP8X' . pack('V', 10) . "\x00\x00\x00\x00" . $u24($w - 1) . $u24($h - 1);
    $payload = 'WEBP' . $vp8x . $body;
    return 'RIFF' . pack('V', strlen($payload)) . $payload;
}

/** Sets the 14-bit width-1 / height-1 fields of a lossless (VP8L) WebP. */
function patchVp8lSize(string $webp, int $w, int $h): string
{
    if (substr($webp, 12, 4) !== 'VP8L' || ord($webp[20]) !== 0x2F) {
        fail('patchVp8lSize: not a simple VP8L WebP');
    }
    $bits = unpack('V', substr($webp, 21, 4))[1];
    $bits = ($bits & ~0x0FFFFFFF) | (($w - 1) & 0x3FFF) | ((($h - 1) & 0x3FFF) << 14);
    return substr_replace($webp, pack('V', $bits), 21, 4);
}

/* ------------------------------------------------------------ ImageMagick */

function convertTool(): string
{
    foreach (['/usr/bin/convert', 'convert'] as $c) {
        exec(escapeshellcmd($c) . ' -version 2>/dev/null', $out, $rc);
        if ($rc === 0 && str_contains(implode("\n", $out), 'ImageMagick')) {
            return $c;
        }
        $out = [];
    }
    fail("ImageMagick's convert is needed for grey.jpg and cmyk.jpg (apt-get install imagemagick)");
}

/* ------------------------------------------------------------ write */

$files = [];   // name => one-line description for README.md

// pixels.png / pixels.json: exact pixels, alpha in gd's 7-bit scale
$px = [
    [0, 0, 255, 0, 0, 0], [1, 0, 0, 255, 0, 0], [2, 0, 0, 0, 255, 0], [3, 0, 255, 255, 255, 0],
    [0, 1, 0, 0, 0, 0], [1, 1, 18, 52, 86, 1], [2, 1, 200, 100, 50, 32], [3, 1, 10, 200, 250, 63],
    [0, 2, 250, 10, 200, 64], [1, 2, 128, 128, 128, 100], [2, 2, 60, 90, 120, 126], [3, 2, 255, 128, 0, 127],
];
$im = imagecreatetruecolor(4, 3);
imagealphablending($im, false);
imagesavealpha($im, true);
foreach ($px as [$x, $y, $r, $g, $b, $a]) {
    imagesetpixel($im, $x, $y, imagecolorallocatealpha($im, $r, $g, $b, $a));
}
$png = gdBytes(fn() => imagepng($im, null, 9));
put("$dir/pixels.png", $png);
[$w, $h, $stored] = decodePngRgba($png);
$list = [];
foreach ($px as [$x, $y, $r, $g, $b, $a]) {
    $s = $stored[$y * 4 + $x];
    if ([$s[0], $s[1], $s[2]] !== [$r, $g, $b] || 127 - ($s[3] >> 1) !== $a) {
        fail("pixels.png: pixel $x,$y stored as " . implode(',', $s));
    }
    $list[] = ['x' => $x, 'y' => $y, 'r' => $r, 'g' => $g, 'b' => $b, 'a' => $a, 'a8' => $s[3]];
}
put("$dir/pixels.json", json_encode([
    'file' => 'pixels.png',
    'width' => 4,
    'height' => 3,
    'alphaScale' => 'gd7',
    'note' => 'a is gd\'s 7-bit alpha (0 opaque .. 127 transparent), the value given to imagecolorallocatealpha '
        . 'and the value gd decodes; a8 is the 8-bit PNG alpha stored in the file (255 opaque .. 0 transparent): '
        . 'gd writes a8 = 255 - ((a << 1) + (a >> 6)) and reads a = 127 - (a8 >> 1).',
    'pixels' => $list,
], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
$files['pixels.png'] = '4x3 RGBA PNG (colour type 6) with known pixels and alphas, written by gd (imagecolorallocatealpha, imagesavealpha).';
$files['pixels.json'] = 'The pixels of pixels.png: x, y, r, g, b, a (gd 7-bit alpha, "alphaScale": "gd7") and a8 (the 8-bit alpha in the file).';

// blocks.json: the shared block pattern
put("$dir/blocks.json", json_encode([
    'width' => BW, 'height' => BH, 'block' => B,
    'note' => 'blocks are row-major, 4 per row; block i covers x in [16*(i%4), 16*(i%4)+15], y in [16*(i/4), 16*(i/4)+15]. '
        . 'Exact in the lossless files, within a few levels in JPEG (sample block centres), within ~10 in lossy WebP/AVIF/CMYK.',
    'colors' => BLOCKS,
    'greys' => GREYS,
    'rowAlphaGd7' => ROW_ALPHA,
    'paletteGifTransparentBlock' => 10,
    'files' => [
        'colors' => ['rgb.jpg', 'progressive.jpg', 'cmyk.jpg', 'rgb.png', 'palette.png', 'palette.gif',
                     'lossy.webp', 'image.bmp', 'image.avif'],
        'colorsWithRowAlpha' => ['rgba.png', 'lossless.webp'],
        'greys' => ['grey.jpg', 'grey.png'],
    ],
], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
$files['blocks.json'] = 'The 64x48 pattern of 4x3 flat 16x16 blocks that the block images below are drawn from (colours, grey levels, row alphas).';

$rgb = blocks();
// gd keeps libjpeg's 2x2 luma sampling (4:2:0) below quality 90 and writes 4:4:4 from 90 up
$jpg = gdBytes(fn() => imagejpeg($rgb, null, 85));
put("$dir/rgb.jpg", $jpg);
$files['rgb.jpg'] = '64x48 baseline JPEG (3 components, YCbCr 4:2:0), the colour blocks; gd imagejpeg quality 85.';

imageinterlace($rgb, true);
put("$dir/progressive.jpg", gdBytes(fn() => imagejpeg($rgb, null, 92)));
imageinterlace($rgb, false);
$files['progressive.jpg'] = '64x48 progressive JPEG (3 components, YCbCr 4:4:4), the colour blocks; gd imageinterlace + imagejpeg quality 92.';

$convert = convertTool();
imagepng($rgb, "$tmp/blocks.png");
$greyRowsData = greyRows();
file_put_contents("$tmp/grey-src.png", greyPng($greyRowsData));
run(sprintf('%s %s -strip -colorspace Gray -type Grayscale -quality 92 %s', $convert,
    escapeshellarg("$tmp/grey-src.png"), escapeshellarg("$dir/grey.jpg")));
$files['grey.jpg'] = '64x48 greyscale JPEG with 1 component, the grey blocks; ImageMagick convert grey.png -strip -colorspace Gray -type Grayscale -quality 92.';
run(sprintf('%s %s -strip -colorspace CMYK -quality 95 %s', $convert,
    escapeshellarg("$tmp/blocks.png"), escapeshellarg("$dir/cmyk.jpg")));
$files['cmyk.jpg'] = '64x48 CMYK JPEG with 4 components (Adobe APP14), the colour blocks; ImageMagick convert -strip -colorspace CMYK -quality 95.';

put("$dir/rgb.png", gdBytes(fn() => imagepng($rgb, null, 9)));
$files['rgb.png'] = '64x48 RGB PNG (colour type 2), the colour blocks; gd imagepng.';

$rgba = blocks(true);
put("$dir/rgba.png", gdBytes(fn() => imagepng($rgba, null, 9)));
$files['rgba.png'] = '64x48 RGBA PNG (colour type 6), the colour blocks with gd alpha 0/64/127 by block row; gd imagepng with imagesavealpha.';

$pal = paletteBlocks(false);
put("$dir/palette.png", gdBytes(fn() => imagepng($pal, null, 9)));
$files['palette.png'] = '64x48 palette PNG (colour type 3, 4-bit, 12 colours), the colour blocks; gd imagecreate + imagepng.';

put("$dir/grey.png", greyPng($greyRowsData));
$files['grey.png'] = '64x48 8-bit greyscale PNG (colour type 0), the grey blocks; IHDR/IDAT/IEND written byte by byte by the script.';

$palT = paletteBlocks(true);
put("$dir/palette.gif", gdBytes(fn() => imagegif($palT)));
$files['palette.gif'] = '64x48 GIF89a, 12 colours, the grey block (index 10) is the transparent index; gd imagecreate + imagecolortransparent + imagegif.';

put("$dir/lossy.webp", gdBytes(fn() => imagewebp($rgb, null, 90)));
$files['lossy.webp'] = '64x48 lossy WebP (simple format, VP8 chunk), the colour blocks; gd imagewebp quality 90.';

put("$dir/lossless.webp", gdBytes(fn() => imagewebp($rgba, null, IMG_WEBP_LOSSLESS)));
$files['lossless.webp'] = '64x48 lossless WebP with alpha (simple format, VP8L chunk), the colour blocks with row alphas; gd imagewebp IMG_WEBP_LOSSLESS.';

put("$dir/image.bmp", gdBytes(fn() => imagebmp($rgb, null, false)));
$files['image.bmp'] = '64x48 24-bit uncompressed BMP (BITMAPINFOHEADER), the colour blocks; gd imagebmp.';

put("$dir/image.avif", gdBytes(fn() => imageavif($rgb, null, 90, 6)));
$files['image.avif'] = '64x48 AVIF, the colour blocks; gd imageavif quality 90 speed 6.';

// truncated.jpg: a detailed 256x256 baseline JPEG cut in its entropy-coded scan
$det = detailed(256, 256, 7, 24);
$full = gdBytes(fn() => imagejpeg($det, null, 90));
$cut = intdiv(strlen($full), 2);
$scan = jpegScanStart($full);
if ($cut <= $scan + 1000) {
    fail('truncated.jpg: the cut is not well inside the scan');
}
put("$dir/truncated.jpg", substr($full, 0, $cut));
$files['truncated.jpg'] = sprintf('256x256 baseline JPEG (colour waves + grain, gd quality 90, %d bytes) cut after %d bytes, '
    . 'inside the entropy-coded scan that starts at byte %d (no EOI).', strlen($full), $cut, $scan);

// truncated.png: a valid PNG cut in the middle of its IDAT data
$det2 = detailed(128, 96, 8, 6);
$fullPng = gdBytes(fn() => imagepng($det2, null, 9));
$idats = array_values(array_filter(pngChunks($fullPng), fn($c) => $c[0] === 'IDAT'));
$total = array_sum(array_map(fn($c) => $c[2], $idats));
$want = intdiv($total, 2);
$cutPng = null;
foreach ($idats as [$type, $off, $len]) {
    if ($want < $len) {
        $cutPng = $off + max(1, min($len - 1, $want));
        break;
    }
    $want -= $len;
}
put("$dir/truncated.png", substr($fullPng, 0, $cutPng));
$files['truncated.png'] = sprintf('128x96 RGB PNG (gd, %d bytes, %d IDAT chunk(s), %d bytes of IDAT data) cut after %d bytes, '
    . 'in the middle of its IDAT data (no IEND).', strlen($fullPng), count($idats), $total, $cutPng);

// truncated.gif: palette.gif cut three quarters into its image data (libgd reads it without a word)
$gif = gdBytes(fn() => imagegif($palT));
[$gifData, $gifEnd] = gifImageData($gif);
$cutGif = $gifData + intdiv(3 * ($gifEnd - $gifData), 4);
put("$dir/truncated.gif", substr($gif, 0, $cutGif));
$files['truncated.gif'] = sprintf('palette.gif (%d bytes) cut after %d bytes, three quarters into its LZW image data '
    . '(bytes %d to %d; no block terminator, no trailer).', strlen($gif), $cutGif, $gifData, $gifEnd);

put("$dir/empty.jpg", '');
$files['empty.jpg'] = 'Zero bytes.';

put("$dir/html.jpg", "<!DOCTYPE html>\n<html>\n<head><title>404 Not Found</title></head>\n<body>\n"
    . "<center><h1>404 Not Found</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n");
$files['html.jpg'] = 'A small HTML 404 error page saved under a .jpg name (what a CDN returns for a missing image).';

put("$dir/huge.jpg", patchJpegSize($jpg, 40000, 40000));
$files['huge.jpg'] = 'rgb.jpg with its SOF0 frame header patched to 40000x40000 (height and width fields only; rest unchanged).';

put("$dir/huge.png", patchPngSize(gdBytes(fn() => imagepng($rgb, null, 9)), 40000, 40000));
$files['huge.png'] = 'rgb.png with IHDR width and height patched to 40000x40000 and the IHDR CRC recomputed.';

put("$dir/huge.gif", patchGifSize(gdBytes(fn() => imagegif($palT)), 40000, 40000));
$files['huge.gif'] = 'palette.gif with the logical screen and the image descriptor both patched to 40000x40000 (LZW data unchanged); '
    . 'gd decodes it, to a 40000x40000 palette image of about 1.4 GB.';

$lossy = gdBytes(fn() => imagewebp($rgb, null, 90));
put("$dir/huge.webp", webpWithCanvas($lossy, 40000, 40000));
$files['huge.webp'] = 'lossy.webp re-wrapped in the extended format: a VP8X chunk (no feature flags) whose canvas claims 40000x40000 '
    . 'before the unchanged 64x48 VP8 chunk, RIFF size fixed. VP8/VP8L sizes are 14-bit, so only VP8X can claim 40000; '
    . 'libwebp itself rejects the file (canvas and frame sizes differ), a header reader sees 40000x40000.';

put("$dir/huge-vp8l.webp", patchVp8lSize(gdBytes(fn() => imagewebp($rgba, null, IMG_WEBP_LOSSLESS)), 16384, 16384));
$files['huge-vp8l.webp'] = 'lossless.webp with the VP8L header\'s 14-bit size fields patched to their maximum, 16384x16384 (268 Mpx); '
    . 'gd allocates the image (~0.75 GB) before libwebp reports a bitstream error.';

/* ------------------------------------------------------------ README */

$readme = "# Decode fixtures\n\n"
    . "Made by `scripts/make-decode-fixtures` (PHP gd, plus ImageMagick for the greyscale and CMYK JPEGs); "
    . "rerunning it gives byte-identical files. The block images share the 64x48 pattern in `blocks.json`. "
    . "The `huge.*` files must be refused from their headers, before any decoding: do not hand them to gd.\n\n";
ksort($files);
foreach ($files as $f => $what) {
    $readme .= "- `$f`: $what\n";
}
put("$dir/README.md", $readme);

/* ------------------------------------------------------------ verify with gd */

function near(array $a, array $b, int $tol): bool
{
    foreach ([0, 1, 2] as $i) {
        if (abs($a[$i] - $b[$i]) > $tol) {
            return false;
        }
    }
    return true;
}

$checks = [
    // file => [truecolor?, tolerance, pattern]
    'rgb.jpg' => [true, 6, 'colors'], 'progressive.jpg' => [true, 6, 'colors'], 'cmyk.jpg' => [true, 8, 'colors'],
    'grey.jpg' => [true, 3, 'greys'], 'rgb.png' => [true, 0, 'colors'], 'rgba.png' => [true, 0, 'alpha'],
    'palette.png' => [false, 0, 'colors'], 'grey.png' => [null, 0, 'greys'], 'palette.gif' => [false, 0, 'colors'],
    'lossy.webp' => [true, 12, 'colors'], 'lossless.webp' => [true, 0, 'alpha'], 'image.bmp' => [true, 0, 'colors'],
    'image.avif' => [true, 12, 'colors'],
];
$bad = 0;
foreach ($checks as $f => [$wantTrue, $tol, $pattern]) {
    $im = @imagecreatefromstring(file_get_contents("$dir/$f"));
    if ($im === false) {
        echo "FAIL $f: gd cannot decode it\n";
        $bad++;
        continue;
    }
    $tc = imageistruecolor($im);
    if (!$tc) {
        imagepalettetotruecolor($im);
    }
    $worst = 0;
    $ok = imagesx($im) === BW && imagesy($im) === BH && ($wantTrue === null || $wantTrue === $tc);
    foreach (BLOCKS as $i => $c) {
        $p = imagecolorat($im, ($i % 4) * B + 8, intdiv($i, 4) * B + 8);
        $got = [($p >> 16) & 255, ($p >> 8) & 255, $p & 255];
        $a = ($p >> 24) & 127;
        $want = $pattern === 'greys' ? array_fill(0, 3, GREYS[$i]) : $c;
        $wantA = $pattern === 'alpha' ? ROW_ALPHA[intdiv($i, 4)] : ($f === 'palette.gif' && $i === 10 ? 127 : 0);
        if ($wantA === 127 && $a === 127) {
            continue;                                   // colour of a transparent pixel is not checked
        }
        foreach ([0, 1, 2] as $k) {
            $worst = max($worst, abs($got[$k] - $want[$k]));
        }
        $ok = $ok && near($got, $want, $tol) && $a === $wantA;
    }
    printf("%s %-16s gd: %dx%d %s, worst block-centre error %d (allowed %d)\n", $ok ? 'ok  ' : 'FAIL', $f,
        imagesx($im), imagesy($im), $tc ? 'truecolor' : 'palette', $worst, $tol);
    $bad += $ok ? 0 : 1;
}
foreach (['truncated.png', 'empty.jpg', 'html.jpg'] as $f) {
    $im = @imagecreatefromstring(file_get_contents("$dir/$f"));
    printf("%s %-16s gd: %s\n", $im === false ? 'ok  ' : 'NOTE', $f, $im === false ? 'refused' : 'decoded ' . imagesx($im) . 'x' . imagesy($im));
}
$im = @imagecreatefromstring(file_get_contents("$dir/truncated.jpg"));
printf("ok   %-16s gd: %s\n", 'truncated.jpg', $im === false ? 'refused' : 'decoded ' . imagesx($im) . 'x' . imagesy($im) . ' (grey-filled rest)');
foreach (['huge.jpg', 'huge.png', 'huge.gif', 'huge.webp', 'huge-vp8l.webp'] as $f) {
    $info = @getimagesizefromstring(file_get_contents("$dir/$f"));
    printf("%s %-16s header says %s\n", $info ? 'ok  ' : 'NOTE', $f, $info ? "{$info[0]}x{$info[1]} ({$info['mime']})" : 'nothing');
}
$size = array_sum(array_map('filesize', glob("$dir/*")));
printf("%d files, %d bytes in %s\n", count(glob("$dir/*")), $size, $dir);
exit($bad ? 1 : 0);
