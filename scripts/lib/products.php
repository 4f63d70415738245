<?php
/*
 * Huewall product drawing library, shared by scripts/make-samples.php and
 * scripts/make-evalset.php.
 *
 * Products are drawn with GD primitives at SS times their final size on a transparent
 * Layer and reduced with imagecopyresampled (anti-aliased edges, like a real photo's).
 * Every product function takes the Layer and its colours as [r, g, b] arrays; the
 * optional parameters that leave out a logo or trim default to what the samples use,
 * so samples/ stays byte-identical. Nothing here draws random numbers except grain(),
 * which uses mt_rand() (seed it with mt_srand() first).
 */

declare(strict_types=1);

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
/** Polished steel round a cylinder: a narrow specular highlight and dark reflections of the room. */
const STEEL = [[0.0, 0.08, -0.35], [0.15, 0.20, 0.12], [0.20, 0.35, 0.62], [0.35, 0.40, 0.12],
               [0.66, 0.74, -0.25], [0.92, 1.0, -0.35]];
const SOFT = [[0.0, 0.08, 0.12], [0.08, 0.16, 0.05], [0.88, 1.0, -0.10]];

/* ---------------------------------------------------------------- products */

/** $accent (heel tab and side logo) null: no logo, the heel tab in a darker shade of the upper. */
function sneaker(Layer $L, array $upper, array $sole, ?array $accent, ?array $panels = null, bool $laces = true): void
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
    $L->poly([[0.02, 0.36], [0.07, 0.30], [0.10, 0.50], [0.03, 0.54]], $accent ?? shade($upper, -0.20));
    // swoosh-like logo
    if ($accent !== null) {
        $L->poly([[0.20, 0.66], [0.27, 0.74], [0.80, 0.52], [0.33, 0.66], [0.26, 0.63]], $accent);
    }
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

/** $logo: the logo patch's colour; null = the trim colour, false = no patch. */
function backpack(Layer $L, array $body, array $trim, array|false|null $logo = null): void
{
    $L->arc(0.5, 0.10, 0.30, 0.16, 180, 360, 0.045, shade($body, -0.30));               // top handle
    $L->poly([[0.02, 0.25], [0.10, 0.20], [0.14, 0.90], [0.05, 0.95]], shade($body, -0.35)); // straps
    $L->poly([[0.98, 0.25], [0.90, 0.20], [0.86, 0.90], [0.95, 0.95]], shade($body, -0.35));
    $L->shaded(fn($l, $c) => $l->rrect(0.10, 0.08, 0.90, 1.0, 0.16, $c), $body, CYLINDER, 'u');
    $L->shaded(fn($l, $c) => $l->rrect(0.20, 0.56, 0.80, 0.96, 0.08, $c), shade($body, -0.10), SOFT);
    $L->arc(0.5, 0.42, 0.62, 0.56, 200, 340, 0.012, $trim);                               // zip
    $L->line(0.24, 0.62, 0.76, 0.62, 1.2, $trim);
    if ($logo !== false) {
        $L->rrect(0.44, 0.70, 0.56, 0.76, 0.01, $logo ?? $trim);                          // logo patch
    }
}

/** $print null: a plain shirt. */
/** $shading: the bands of light and shade across it (SOFT: a studio's soft light). */
function tshirt(Layer $L, array $c, ?array $print, array $shading = SOFT): void
{
    $shape = [[0.37, 0.04], [0.18, 0.10], [0.0, 0.30], [0.12, 0.43], [0.22, 0.35], [0.22, 1.0],
              [0.78, 1.0], [0.78, 0.35], [0.88, 0.43], [1.0, 0.30], [0.82, 0.10], [0.63, 0.04],
              [0.58, 0.10], [0.50, 0.12], [0.42, 0.10]];
    $L->shaded(fn($l, $s) => $l->poly($shape, $s), $c, $shading);
    $L->ellipse(0.50, 0.055, 0.24, 0.08, shade($c, -0.28));   // inside of the back neck
    $L->poly([[0.37, 0.04], [0.42, 0.10], [0.50, 0.12], [0.58, 0.10], [0.63, 0.04], [0.60, 0.04], [0.56, 0.085],
              [0.50, 0.10], [0.44, 0.085], [0.40, 0.04]], shade($c, -0.10));   // rib collar
    $L->line(0.03, 0.33, 0.13, 0.44, 1.2, shade($c, -0.12));
    $L->line(0.97, 0.33, 0.87, 0.44, 1.2, shade($c, -0.12));
    if ($print !== null) {
        $L->ellipse(0.50, 0.35, 0.14, 0.10, $print);           // chest print
        $L->ellipse(0.50, 0.35, 0.07, 0.05, $c);
    }
}

/** $logo null: no front logo. */
function cap(Layer $L, array $c, ?array $logo, array $button): void
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
    if ($logo !== null) {
        $L->ellipse(0.56, 0.46, 0.14, 0.14, $logo);
        $L->ellipse(0.56, 0.46, 0.06, 0.06, $c);
    }
}

/** $band: a stripe round the mug; $logo: a small mark on the front. */
function mug(Layer $L, array $c, array $inside, ?array $band, ?array $logo = null): void
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
    if ($logo !== null) {
        $L->ellipse(0.44, 0.62, 0.14, 0.12, $logo);
    }
    $L->ellipse(0.44, 0.12, 0.72, 0.12, shade($c, 0.10));                      // rim
    $L->ellipse(0.44, 0.125, 0.66, 0.09, $inside);
}

/** $label null: no label, only a small printed mark. */
/** $bands: how light falls round it (CYLINDER for a painted or plastic bottle, STEEL for metal). */
function bottle(Layer $L, array $c, array $capC, ?array $label, array $bands = CYLINDER): void
{
    $L->shaded(fn($l, $s) => $l->rect(0.36, 0.0, 0.64, 0.10, $s), $capC, CYLINDER, 'u');
    $L->shaded(fn($l, $s) => $l->rect(0.39, 0.10, 0.61, 0.20, $s), $c, $bands, 'u');
    $shape = function ($l, $s) {
        imagefilledarc($l->im, $l->X(0.5), $l->Y(0.34), $l->W(0.72), $l->H(0.30), 180, 360, col($l->im, $s), IMG_ARC_PIE);
        $l->rect(0.14, 0.34, 0.86, 0.95, $s);
        $l->ellipse(0.5, 0.95, 0.72, 0.08, $s);
    };
    $L->shaded($shape, $c, $bands, 'u');
    if ($label !== null) {
        $L->shaded(fn($l, $s) => $l->rect(0.14, 0.52, 0.86, 0.74, $s), $label, CYLINDER, 'u');
    }
    $L->ellipse(0.5, 0.63, 0.18, 0.10, shade($c, -0.2));
}

/** $zip null: a pullover (sweater, hoodie without zip); $logo: a small chest logo. */
function jacket(Layer $L, array $c, ?array $zip, bool $hood, ?array $logo = null): void
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
    if ($zip !== null) {
        $L->line(0.50, 0.12, 0.50, 1.0, 1.5, $zip);
    }
    if ($logo !== null) {
        $L->ellipse(0.64, 0.28, 0.07, 0.06, $logo);
    }
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

/** $logo null: no printed logo. */
function tote(Layer $L, array $c, array $handle, ?array $logo): void
{
    $L->arc(0.33, 0.30, 0.22, 0.50, 180, 360, 0.04, $handle);
    $L->arc(0.67, 0.30, 0.22, 0.50, 180, 360, 0.04, $handle);
    $shape = [[0.10, 0.28], [0.90, 0.28], [0.97, 1.0], [0.03, 1.0]];
    $L->shaded(fn($l, $s) => $l->poly($shape, $s), $c, SOFT);
    $L->rect(0.10, 0.28, 0.90, 0.33, shade($c, -0.10));
    $L->line(0.11, 0.35, 0.89, 0.35, 0.7, shade($c, -0.22));
    if ($logo !== null) {
        $L->rrect(0.40, 0.56, 0.60, 0.70, 0.02, $logo);
    }
}

function clutch(Layer $L, array $c, array $clasp): void
{
    $L->shaded(fn($l, $s) => $l->rrect(0.0, 0.15, 1.0, 1.0, 0.06, $s), $c, TOPLIT);
    $L->poly([[0.0, 0.22], [1.0, 0.22], [0.96, 0.40], [0.55, 0.64], [0.45, 0.64], [0.04, 0.40]], shade($c, -0.15));
    $L->poly([[0.0, 0.22], [1.0, 0.22], [0.98, 0.28], [0.02, 0.28]], shade($c, 0.25));
    $L->ellipse(0.50, 0.62, 0.10, 0.12, $clasp);
    $L->ellipse(0.50, 0.62, 0.05, 0.06, shade($clasp, -0.3));
}

/** A knitted beanie: dome, ribbed cuff, pompom ($pompom null: none), $logo a small patch on the cuff. */
function beanie(Layer $L, array $c, ?array $pompom, ?array $logo = null): void
{
    if ($pompom !== null) {
        $L->ellipse(0.50, 0.11, 0.26, 0.20, $pompom);
        $L->ellipse(0.47, 0.09, 0.12, 0.08, shade($pompom, 0.12));
    }
    $dome = fn($l, $s) => imagefilledarc($l->im, $l->X(0.50), $l->Y(0.70), $l->W(0.90), $l->H(1.10), 180, 360,
        col($l->im, $s), IMG_ARC_PIE);
    $L->shaded($dome, $c, TOPLIT);
    foreach ([0.30, 0.50, 0.70] as $u) {
        $L->line($u, 0.24, $u + ($u - 0.5) * 0.25, 0.66, 0.9, shade($c, -0.10));      // knit lines
    }
    $L->shaded(fn($l, $s) => $l->rrect(0.02, 0.62, 0.98, 0.98, 0.04, $s), shade($c, -0.08), SOFT);
    for ($i = 1; $i < 16; $i++) {
        $u = 0.02 + $i * 0.06;
        $L->line($u, 0.64, $u, 0.96, 0.8, shade($c, -0.22));                          // ribs
    }
    if ($logo !== null) {
        $L->rrect(0.42, 0.72, 0.58, 0.86, 0.01, $logo);
    }
}

/** A structured handbag with a top handle and a flap; $hardware the metal parts, $trim the piping (null: none). */
function handbag(Layer $L, array $c, array $hardware, ?array $trim = null): void
{
    $L->arc(0.50, 0.30, 0.46, 0.46, 180, 360, 0.05, shade($c, -0.20));                // handle
    $L->rect(0.25, 0.27, 0.29, 0.36, $hardware);
    $L->rect(0.71, 0.27, 0.75, 0.36, $hardware);
    $body = [[0.10, 0.34], [0.90, 0.34], [1.0, 0.98], [0.0, 0.98]];
    $L->shaded(fn($l, $s) => $l->poly($body, $s), $c, TOPLIT);
    $L->poly([[0.10, 0.34], [0.90, 0.34], [0.93, 0.56], [0.07, 0.56]], shade($c, 0.05));  // flap
    $L->line(0.07, 0.56, 0.93, 0.56, 1.0, shade($c, -0.30));
    if ($trim !== null) {
        $L->line(0.10, 0.345, 0.90, 0.345, 1.4, $trim);
        $L->line(0.0, 0.97, 1.0, 0.97, 1.4, $trim);
    }
    $L->rrect(0.45, 0.52, 0.55, 0.62, 0.015, $hardware);                                 // clasp
    $L->rect(0.02, 0.94, 0.98, 0.98, shade($c, -0.25));
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
