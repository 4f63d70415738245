<?php
/*
 * Before/after figures for the README: one per improvement of the product preset.
 *
 * usage: php scripts/make-docs-figures.php HUEWALL_BINARY OUT_DIR
 *
 * For each example it runs `huewall colors --preset product` with the improvement switched
 * off and on, and draws the image beside two bars of its top colours, each colour as wide as
 * its share of the image's weight, labelled with its family.
 */

declare(strict_types=1);

[$self, $huewall, $out] = $argv + [null, null, null];
if ($huewall === null || $out === null) {
    fwrite(STDERR, "usage: php make-docs-figures.php HUEWALL_BINARY OUT_DIR\n");
    exit(2);
}

$examples = [
    ['background-suppression', 'samples/02-navy-backpack.jpg', '--no-background-suppression', 'Background suppression'],
    ['hue-wrap', 'evaluation/images/075-red-tote-bag.jpg', '--no-hue-wrap', 'Hue wrap'],
    ['dark-pixel-damping', 'evaluation/images/001-black-sneaker.jpg', '--no-dark-pixel-damping', 'Dark-pixel damping'],
];

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

function bar($im, int $x, int $y, int $w, int $h, array $colors, string $title): void
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
        $cx += $width;
    }
    imagerectangle($im, $x, $y, $x + $w - 1, $y + $h - 1, imagecolorallocate($im, 180, 180, 180));
}

@mkdir($out, 0777, true);
foreach ($examples as [$name, $file, $off, $title]) {
    $src = imagecreatefromstring(file_get_contents($file));
    $thumb = 200;
    $scale = $thumb / max(imagesx($src), imagesy($src));
    $im = imagecreatetruecolor(640, 220);
    imagefill($im, 0, 0, imagecolorallocate($im, 255, 255, 255));
    imagecopyresampled($im, $src, 10, 10, 0, 0, (int)(imagesx($src) * $scale), (int)(imagesy($src) * $scale), imagesx($src), imagesy($src));
    $black = imagecolorallocate($im, 30, 30, 30);
    imagestring($im, 4, 230, 12, $title . ': ' . basename($file), $black);
    bar($im, 230, 64, 400, 48, colors($huewall, $file, [$off]), 'off');
    bar($im, 230, 150, 400, 48, colors($huewall, $file, []), 'on (product preset)');
    imagepng($im, "$out/$name.png");
    echo "$out/$name.png\n";
}
