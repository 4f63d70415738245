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
 * grain on some. The script checks that every product covers 25-60 % of its frame
 * and that every file is smaller than 100 KB, and fails otherwise.
 */

declare(strict_types=1);

if (!extension_loaded('gd')) {
    fwrite(STDERR, "make-samples.php: the PHP gd extension is missing (apt-get install php-cli php-gd)\n");
    exit(1);
}

const SS = 3;   // supersampling factor

/* ---------------------------------------------------------------- colours */

function rgb(string $hex): array
{
    $hex = ltrim($hex, '#');
    return [hexdec(substr($hex, 0, 2)), hexdec(substr($hex, 2, 2)), hexdec(substr($hex, 4, 2))];
}

/** f > 0 mixes toward white, f < 0 toward black. */
function shade(array $c, float $f): array
{
    $out = [];
    foreach ($c as $v) {
        $out[] = (int)round($f >= 0 ? $v + (255 - $v) * $f : $v * (1 + $f));
    }
    return $out;
}

function col($im, array $c, int $alpha = 0): int
{
    return imagecolorallocatealpha($im, $c[0], $c[1], $c[2], $alpha);
}

/* ---------------------------------------------------------------- canvas */

/**
 * A product layer drawn at SS times the final size on a transparent canvas.
 * Coordinates given to the drawing methods are unit coordinates (u, v) in the
 * product's box, mapped to final pixels and then scaled by SS.
 */
final class Layer
{
    public $im;
    public float $bx = 0, $by = 0, $bw = 1, $bh = 1;

    public function __construct(public int $w, public int $h)
    {
        $this->im = imagecreatetruecolor($w * SS, $h * SS);
        imagealphablending($this->im, false);
        imagefilledrectangle($this->im, 0, 0, $w * SS - 1, $h * SS - 1,
            imagecolorallocatealpha($this->im, 0, 0, 0, 127));
        imagealphablending($this->im, true);
        imagesavealpha($this->im, true);
    }

    /** Sets the product box in final pixels. */
    public function box(float $x, float $y, float $w, float $h): void
    {
        [$this->bx, $this->by, $this->bw, $this->bh] = [$x, $y, $w, $h];
    }

    public function X(float $u): int { return (int)round(($this->bx + $u * $this->bw) * SS); }
    public function Y(float $v): int { return (int)round(($this->by + $v * $this->bh) * SS); }
    public function W(float $u): int { return max(1, (int)round($u * $this->bw * SS)); }
    public function H(float $v): int { return max(1, (int)round($v * $this->bh * SS)); }

    public function poly(array $uv, array $c): void
    {
        $pts = [];
        foreach ($uv as [$u, $v]) {
            $pts[] = $this->X($u);
            $pts[] = $this->Y($v);
        }
        imagefilledpolygon($this->im, $pts, col($this->im, $c));
    }

    public function ellipse(float $cu, float $cv, float $wu, float $hv, array $c): void
    {
        imagefilledellipse($this->im, $this->X($cu), $this->Y($cv), $this->W($wu), $this->H($hv), col($this->im, $c));
    }

    public function rect(float $u0, float $v0, float $u1, float $v1, array $c): void
    {
        imagefilledrectangle($this->im, $this->X($u0), $this->Y($v0), $this->X($u1) - 1, $this->Y($v1) - 1,
            col($this->im, $c));
    }

    /** Rounded rectangle; r is a fraction of the box width. */
    public function rrect(float $u0, float $v0, float $u1, float $v1, float $r, array $c): void
    {
        $ru = $r;
        $rv = $r * $this->bw / $this->bh;
        $this->rect($u0 + $ru, $v0, $u1 - $ru, $v1, $c);
        $this->rect($u0, $v0 + $rv, $u1, $v1 - $rv, $c);
        foreach ([[$u0 + $ru, $v0 + $rv], [$u1 - $ru, $v0 + $rv], [$u0 + $ru, $v1 - $rv], [$u1 - $ru, $v1 - $rv]] as [$u, $v]) {
            $this->ellipse($u, $v, 2 * $ru, 2 * $rv, $c);
        }
    }

    /** A thick elliptic arc (annulus sector) as one filled polygon; angles in degrees, 0 = +u, 90 = +v. */
    public function arc(float $cu, float $cv, float $wu, float $hv, float $a0, float $a1, float $thick, array $c): void
    {
        $n = 40;
        $outer = [];
        $inner = [];
        $tv = $thick * $this->bw / $this->bh;
        for ($i = 0; $i <= $n; $i++) {
            $a = deg2rad($a0 + ($a1 - $a0) * $i / $n);
            $outer[] = [$cu + cos($a) * ($wu / 2 + $thick / 2), $cv + sin($a) * ($hv / 2 + $tv / 2)];
            $inner[] = [$cu + cos($a) * ($wu / 2 - $thick / 2), $cv + sin($a) * ($hv / 2 - $tv / 2)];
        }
        $this->poly(array_merge($outer, array_reverse($inner)), $c);
    }

    /** Restricts drawing to a rectangle of the box (unit coordinates) until unclip(). */
    public function clip(float $u0, float $v0, float $u1, float $v1): void
    {
        imagesetclip($this->im, max(0, $this->X($u0)), max(0, $this->Y($v0)),
            min($this->w * SS - 1, $this->X($u1) - 1), min($this->h * SS - 1, $this->Y($v1) - 1));
    }

    public function unclip(): void
    {
        imagesetclip($this->im, 0, 0, $this->w * SS - 1, $this->h * SS - 1);
    }

    public function line(float $u0, float $v0, float $u1, float $v1, float $thick, array $c): void
    {
        imagesetthickness($this->im, max(1, (int)round($thick * SS)));
        imageline($this->im, $this->X($u0), $this->Y($v0), $this->X($u1), $this->Y($v1), col($this->im, $c));
        imagesetthickness($this->im, 1);
    }

    /**
     * Fills a shape in $base, then repaints it inside clip bands with lighter or darker
     * shades: $bands = [[from, to, f], ...] as fractions of the box along $axis
     * ('v' = top to bottom, 'u' = left to right). Gives the gradient bands of a lit object.
     */
    public function shaded(callable $shape, array $base, array $bands, string $axis = 'v'): void
    {
        $shape($this, $base);
        foreach ($bands as [$from, $to, $f]) {
            if ($axis === 'v') {
                imagesetclip($this->im, 0, $this->Y($from), $this->w * SS - 1, $this->Y($to) - 1);
            } else {
                imagesetclip($this->im, $this->X($from), 0, $this->X($to) - 1, $this->h * SS - 1);
            }
            $shape($this, shade($base, $f));
        }
        imagesetclip($this->im, 0, 0, $this->w * SS - 1, $this->h * SS - 1);
    }

    /** The layer reduced to its final size (anti-aliased, alpha kept). */
    public function reduce()
    {
        $out = imagecreatetruecolor($this->w, $this->h);
        imagealphablending($out, false);
        imagesavealpha($out, true);
        imagefilledrectangle($out, 0, 0, $this->w - 1, $this->h - 1, imagecolorallocatealpha($out, 0, 0, 0, 127));
        imagecopyresampled($out, $this->im, 0, 0, 0, 0, $this->w, $this->h, $this->w * SS, $this->h * SS);
        return $out;
    }
}

/* Shading presets: top-lit (v) and cylinder (u). */
const TOPLIT = [[0.0, 0.06, 0.22], [0.06, 0.12, 0.13], [0.12, 0.18, 0.06], [0.82, 0.90, -0.08], [0.90, 1.0, -0.16]];
const CYLINDER = [[0.0, 0.08, -0.14], [0.08, 0.16, 0.10], [0.16, 0.26, 0.18], [0.26, 0.32, 0.08],
                  [0.80, 0.90, -0.08], [0.90, 1.0, -0.18]];
const SOFT = [[0.0, 0.08, 0.12], [0.08, 0.16, 0.05], [0.88, 1.0, -0.10]];

/* ---------------------------------------------------------------- products */

function sneaker(Layer $L, array $upper, array $sole, array $accent, ?array $panels = null, bool $laces = true): void
{
    $upperShape = [[0.03, 0.80], [0.02, 0.50], [0.06, 0.32], [0.14, 0.22], [0.26, 0.20], [0.33, 0.27],
                   [0.40, 0.33], [0.50, 0.31], [0.60, 0.38], [0.72, 0.47], [0.84, 0.55], [0.92, 0.59],
                   [0.97, 0.64], [0.995, 0.71], [1.0, 0.80]];
    $L->shaded(fn($l, $c) => $l->poly($upperShape, $c), $upper, TOPLIT);
    if ($panels !== null) {            // multicolour: toe, eyestay, heel counter
        $L->poly([[0.68, 0.45], [0.84, 0.55], [0.94, 0.61], [0.99, 0.70], [0.99, 0.80], [0.66, 0.80]], $panels[0]);
        $L->poly([[0.36, 0.31], [0.50, 0.31], [0.60, 0.38], [0.66, 0.44], [0.48, 0.56], [0.36, 0.44]], $panels[1]);
        $L->poly([[0.03, 0.80], [0.02, 0.50], [0.06, 0.34], [0.16, 0.40], [0.20, 0.80]], $panels[2]);
    }
    // collar opening
    $L->ellipse(0.22, 0.25, 0.20, 0.07, shade($upper, -0.55));
    // heel tab
    $L->poly([[0.02, 0.36], [0.07, 0.30], [0.10, 0.50], [0.03, 0.54]], $accent);
    // swoosh-like logo
    $L->poly([[0.20, 0.66], [0.27, 0.74], [0.80, 0.52], [0.33, 0.66], [0.26, 0.63]], $accent);
    if ($laces) {
        for ($i = 0; $i < 5; $i++) {
            $u = 0.40 + $i * 0.055;
            $v = 0.34 + $i * 0.035;
            $L->line($u - 0.02, $v + 0.03, $u + 0.03, $v - 0.02, 1.6, [250, 250, 250]);
        }
    }
    // sole with midsole line and tread
    $L->poly([[0.0, 0.78], [1.0, 0.78], [1.0, 0.90], [0.96, 0.98], [0.04, 0.98], [0.0, 0.92]], $sole);
    $L->rect(0.01, 0.86, 0.99, 0.875, shade($sole, -0.18));
    $L->poly([[0.02, 0.94], [0.98, 0.94], [0.96, 0.98], [0.04, 0.98]], shade($sole, -0.30));
}

function backpack(Layer $L, array $body, array $trim): void
{
    $L->arc(0.5, 0.10, 0.30, 0.16, 180, 360, 0.045, shade($body, -0.30));               // top handle
    $L->poly([[0.02, 0.25], [0.10, 0.20], [0.14, 0.90], [0.05, 0.95]], shade($body, -0.35)); // straps
    $L->poly([[0.98, 0.25], [0.90, 0.20], [0.86, 0.90], [0.95, 0.95]], shade($body, -0.35));
    $L->shaded(fn($l, $c) => $l->rrect(0.10, 0.08, 0.90, 1.0, 0.16, $c), $body, CYLINDER, 'u');
    $L->shaded(fn($l, $c) => $l->rrect(0.20, 0.56, 0.80, 0.96, 0.08, $c), shade($body, -0.10), SOFT);
    $L->arc(0.5, 0.42, 0.62, 0.56, 200, 340, 0.012, $trim);                               // zip
    $L->line(0.24, 0.62, 0.76, 0.62, 1.2, $trim);
    $L->rrect(0.44, 0.70, 0.56, 0.76, 0.01, $trim);                                       // logo patch
}

function tshirt(Layer $L, array $c, array $print): void
{
    $shape = [[0.37, 0.04], [0.18, 0.10], [0.0, 0.30], [0.12, 0.43], [0.22, 0.35], [0.22, 1.0],
              [0.78, 1.0], [0.78, 0.35], [0.88, 0.43], [1.0, 0.30], [0.82, 0.10], [0.63, 0.04],
              [0.58, 0.10], [0.50, 0.12], [0.42, 0.10]];
    $L->shaded(fn($l, $s) => $l->poly($shape, $s), $c, SOFT);
    $L->ellipse(0.50, 0.055, 0.24, 0.08, shade($c, -0.28));   // inside of the back neck
    $L->poly([[0.37, 0.04], [0.42, 0.10], [0.50, 0.12], [0.58, 0.10], [0.63, 0.04], [0.60, 0.04], [0.56, 0.085],
              [0.50, 0.10], [0.44, 0.085], [0.40, 0.04]], shade($c, -0.10));   // rib collar
    $L->line(0.03, 0.33, 0.13, 0.44, 1.2, shade($c, -0.12));
    $L->line(0.97, 0.33, 0.87, 0.44, 1.2, shade($c, -0.12));
    $L->ellipse(0.50, 0.35, 0.14, 0.10, $print);               // chest print
    $L->ellipse(0.50, 0.35, 0.07, 0.05, $c);
}

function cap(Layer $L, array $c, array $logo, array $button): void
{
    $dome = fn($l, $s) => imagefilledarc($l->im, $l->X(0.42), $l->Y(0.78), $l->W(0.80), $l->H(1.30), 180, 360,
        col($l->im, $s), IMG_ARC_PIE);
    $L->shaded($dome, $c, TOPLIT);
    $L->poly([[0.60, 0.72], [0.80, 0.71], [0.92, 0.73], [0.99, 0.78], [0.98, 0.83], [0.86, 0.86], [0.70, 0.85],
              [0.60, 0.80]], shade($c, -0.18));                                  // brim
    $L->poly([[0.70, 0.85], [0.86, 0.86], [0.98, 0.83], [0.96, 0.87], [0.86, 0.90], [0.72, 0.89]],
        shade($c, -0.40));                                                       // brim underside
    $L->rect(0.02, 0.74, 0.82, 0.78, shade($c, -0.25));                          // sweatband edge
    foreach ([0.25, 0.60] as $u) {
        $L->line(0.42, 0.14, $u, 0.76, 1.0, shade($c, -0.20));                   // panel seams
    }
    $L->ellipse(0.42, 0.14, 0.06, 0.05, $button);
    $L->ellipse(0.56, 0.46, 0.14, 0.14, $logo);
    $L->ellipse(0.56, 0.46, 0.06, 0.06, $c);
}

function mug(Layer $L, array $c, array $inside, ?array $band): void
{
    $L->arc(0.80, 0.52, 0.32, 0.44, -80, 80, 0.07, shade($c, -0.12));          // handle
    $body = function ($l, $s) {
        $l->rect(0.08, 0.12, 0.80, 0.94, $s);
        $l->ellipse(0.44, 0.94, 0.72, 0.10, $s);
    };
    $L->shaded($body, $c, CYLINDER, 'u');
    if ($band !== null) {
        $L->rect(0.08, 0.40, 0.80, 0.52, $band);
    }
    $L->ellipse(0.44, 0.12, 0.72, 0.12, shade($c, 0.10));                      // rim
    $L->ellipse(0.44, 0.125, 0.66, 0.09, $inside);
}

function bottle(Layer $L, array $c, array $capC, array $label): void
{
    $L->shaded(fn($l, $s) => $l->rect(0.36, 0.0, 0.64, 0.10, $s), $capC, CYLINDER, 'u');
    $L->shaded(fn($l, $s) => $l->rect(0.39, 0.10, 0.61, 0.20, $s), $c, CYLINDER, 'u');
    $shape = function ($l, $s) {
        imagefilledarc($l->im, $l->X(0.5), $l->Y(0.34), $l->W(0.72), $l->H(0.30), 180, 360, col($l->im, $s), IMG_ARC_PIE);
        $l->rect(0.14, 0.34, 0.86, 0.95, $s);
        $l->ellipse(0.5, 0.95, 0.72, 0.08, $s);
    };
    $L->shaded($shape, $c, CYLINDER, 'u');
    $L->shaded(fn($l, $s) => $l->rect(0.14, 0.52, 0.86, 0.74, $s), $label, CYLINDER, 'u');
    $L->ellipse(0.5, 0.63, 0.18, 0.10, shade($c, -0.2));
}

function jacket(Layer $L, array $c, array $zip, bool $hood): void
{
    if ($hood) {
        $L->ellipse(0.50, 0.08, 0.36, 0.20, shade($c, -0.22));
        $L->ellipse(0.50, 0.10, 0.22, 0.12, shade($c, -0.50));
    }
    $sleeveL = [[0.22, 0.08], [0.08, 0.20], [0.01, 0.90], [0.12, 0.92], [0.20, 0.40]];
    $sleeveR = [[0.78, 0.08], [0.92, 0.20], [0.99, 0.90], [0.88, 0.92], [0.80, 0.40]];
    $L->shaded(fn($l, $s) => $l->poly($sleeveL, $s), shade($c, -0.06), SOFT);
    $L->shaded(fn($l, $s) => $l->poly($sleeveR, $s), shade($c, -0.06), SOFT);
    $body = [[0.22, 0.08], [0.38, 0.04], [0.50, 0.12], [0.62, 0.04], [0.78, 0.08], [0.80, 1.0], [0.20, 1.0]];
    $L->shaded(fn($l, $s) => $l->poly($body, $s), $c, SOFT);
    $L->rect(0.01, 0.86, 0.12, 0.92, shade($c, -0.25));                        // cuffs
    $L->rect(0.88, 0.86, 0.99, 0.92, shade($c, -0.25));
    $L->rect(0.20, 0.93, 0.80, 1.0, shade($c, -0.20));                         // hem
    $L->line(0.50, 0.12, 0.50, 1.0, 1.5, $zip);
    $L->line(0.27, 0.62, 0.33, 0.78, 1.2, shade($c, -0.30));                   // pockets
    $L->line(0.73, 0.62, 0.67, 0.78, 1.2, shade($c, -0.30));
}

function socks(Layer $L, array $c, array $accent, array $cuff): void
{
    foreach ([[0.24, -0.12], [0.0, 0.0]] as [$du, $f]) {      // the back sock first, a little darker
        $shape = function ($l, $col) use ($du) {
            $l->poly([[0.05 + $du, 0.0], [0.35 + $du, 0.0], [0.37 + $du, 0.58], [0.66 + $du, 0.70],
                      [0.72 + $du, 0.96], [0.14 + $du, 0.96], [0.06 + $du, 0.70]], $col);
            $l->ellipse(0.70 + $du, 0.83, 0.12, 0.26, $col);
        };
        $L->shaded($shape, shade($c, $f), SOFT);
        $L->clip(0.0, 0.74, 0.16 + $du, 1.0);                   // heel patch
        $shape($L, shade($accent, $f));
        $L->clip(0.66 + $du, 0.0, 1.0, 1.0);                    // toe patch
        $shape($L, shade($accent, $f));
        $L->unclip();
        $L->rect(0.05 + $du, 0.0, 0.35 + $du, 0.14, shade($cuff, $f));
        for ($i = 1; $i < 6; $i++) {
            $L->line(0.05 + $du + $i * 0.05, 0.0, 0.05 + $du + $i * 0.05, 0.14, 0.8, shade($cuff, $f - 0.12));
        }
    }
}

function boot(Layer $L, array $c, array $sole, array $laces): void
{
    $shape = [[0.12, 0.0], [0.50, 0.0], [0.53, 0.52], [0.70, 0.62], [0.92, 0.70], [0.98, 0.80], [0.98, 0.88],
              [0.04, 0.88], [0.08, 0.45]];
    $L->shaded(fn($l, $s) => $l->poly($shape, $s), $c, TOPLIT);
    $L->ellipse(0.31, 0.01, 0.38, 0.04, shade($c, -0.50));
    $L->poly([[0.46, 0.0], [0.50, 0.0], [0.53, 0.52], [0.49, 0.52]], shade($c, -0.25)); // seam
    for ($i = 0; $i < 6; $i++) {
        $v = 0.08 + $i * 0.075;
        $L->line(0.40, $v, 0.51, $v + 0.02, 1.4, $laces);
    }
    $L->ellipse(0.85, 0.76, 0.22, 0.12, shade($c, 0.08));                     // toe cap shine
    $L->rect(0.02, 0.88, 1.0, 0.97, $sole);
    $L->rect(0.02, 0.97, 1.0, 1.0, shade($sole, -0.3));
    $L->rect(0.02, 0.90, 1.0, 0.91, shade($sole, 0.25));                       // welt stitching
}

function tote(Layer $L, array $c, array $handle, array $logo): void
{
    $L->arc(0.33, 0.30, 0.22, 0.50, 180, 360, 0.04, $handle);
    $L->arc(0.67, 0.30, 0.22, 0.50, 180, 360, 0.04, $handle);
    $shape = [[0.10, 0.28], [0.90, 0.28], [0.97, 1.0], [0.03, 1.0]];
    $L->shaded(fn($l, $s) => $l->poly($shape, $s), $c, SOFT);
    $L->rect(0.10, 0.28, 0.90, 0.33, shade($c, -0.10));
    $L->line(0.11, 0.35, 0.89, 0.35, 0.7, shade($c, -0.22));
    $L->rrect(0.40, 0.56, 0.60, 0.70, 0.02, $logo);
}

function clutch(Layer $L, array $c, array $clasp): void
{
    $L->shaded(fn($l, $s) => $l->rrect(0.0, 0.15, 1.0, 1.0, 0.06, $s), $c, TOPLIT);
    $L->poly([[0.0, 0.22], [1.0, 0.22], [0.96, 0.40], [0.55, 0.64], [0.45, 0.64], [0.04, 0.40]], shade($c, -0.15));
    $L->poly([[0.0, 0.22], [1.0, 0.22], [0.98, 0.28], [0.02, 0.28]], shade($c, 0.25));
    $L->ellipse(0.50, 0.62, 0.10, 0.12, $clasp);
    $L->ellipse(0.50, 0.62, 0.05, 0.06, shade($clasp, -0.3));
}

/* ---------------------------------------------------------------- image assembly */

/** Soft grey shadow: concentric ellipses, each a little darker, blended on the background. */
function shadow($im, float $cx, float $cy, float $w, float $h, int $steps = 10): void
{
    imagealphablending($im, true);
    for ($i = 0; $i < $steps; $i++) {
        $k = 1 - $i / $steps;
        imagefilledellipse($im, (int)round($cx), (int)round($cy), (int)round($w * $k), (int)round($h * $k),
            imagecolorallocatealpha($im, 40, 40, 40, 121));
    }
}

/** Fine luminance grain on the opaque product pixels (fabric, leather). */
function grain($im, int $amp): void
{
    $w = imagesx($im);
    $h = imagesy($im);
    imagealphablending($im, false);
    for ($y = 0; $y < $h; $y++) {
        for ($x = 0; $x < $w; $x++) {
            $p = imagecolorat($im, $x, $y);
            $n = mt_rand(-$amp, $amp);
            if ((($p >> 24) & 0x7f) !== 0 || $n === 0) {
                continue;
            }
            $r = max(0, min(255, (($p >> 16) & 0xff) + $n));
            $g = max(0, min(255, (($p >> 8) & 0xff) + $n));
            $b = max(0, min(255, ($p & 0xff) + $n));
            imagesetpixel($im, $x, $y, ($r << 16) | ($g << 8) | $b);
        }
    }
}

/** Share of the frame the product covers (pixels at least half opaque). */
function coverage($im): float
{
    $w = imagesx($im);
    $h = imagesy($im);
    $n = 0;
    for ($y = 0; $y < $h; $y++) {
        for ($x = 0; $x < $w; $x++) {
            if (((imagecolorat($im, $x, $y) >> 24) & 0x7f) < 64) {
                $n++;
            }
        }
    }
    return $n / ($w * $h);
}

/**
 * A palette copy of a truecolor image. gd's quantiser puts its colours at the centres of
 * 5-6-5 bit cells (white comes out as #fcfefc); imagecolormatch() then moves every palette
 * entry to the mean of the pixels mapped to it, so flat colours such as the background
 * stay exact, as with a good palette tool.
 */
function toPalette($im, int $colors)
{
    $w = imagesx($im);
    $h = imagesy($im);
    $pal = imagecreatetruecolor($w, $h);
    imagecopy($pal, $im, 0, 0, 0, 0, $w, $h);
    imagetruecolortopalette($pal, false, $colors);
    imagecolormatch($im, $pal);
    return $pal;
}

/** A palette image with index 0 transparent; pixels less than half opaque become transparent. */
function toTransparentPalette($src)
{
    $w = imagesx($src);
    $h = imagesy($src);
    $opaque = imagecreatetruecolor($w, $h);
    imagefilledrectangle($opaque, 0, 0, $w - 1, $h - 1, imagecolorallocate($opaque, 255, 255, 255));
    imagecopy($opaque, $src, 0, 0, 0, 0, $w, $h);
    $opaque = toPalette($opaque, 255);
    $pal = imagecreate($w, $h);
    $transparent = imagecolorallocate($pal, 255, 0, 255);
    imagecolortransparent($pal, $transparent);
    $n = imagecolorstotal($opaque);
    $map = [];
    for ($i = 0; $i < $n; $i++) {
        $c = imagecolorsforindex($opaque, $i);
        $map[$i] = imagecolorallocate($pal, $c['red'], $c['green'], $c['blue']);
    }
    for ($y = 0; $y < $h; $y++) {
        for ($x = 0; $x < $w; $x++) {
            $a = (imagecolorat($src, $x, $y) >> 24) & 0x7f;
            imagesetpixel($pal, $x, $y, $a >= 64 ? $transparent : $map[imagecolorat($opaque, $x, $y)]);
        }
    }
    return $pal;
}

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
        fn($L, $c) => bottle($L, $c, [60, 60, 66], [30, 30, 34]), ['shadow' => true]],
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
