#ifndef HUEWALL_JPEG_DECODE_H
#define HUEWALL_JPEG_DECODE_H

#include <stddef.h>
#include <stdint.h>

/// How a decode ended.
typedef enum {
  /// Pixels were decoded (perhaps with warnings, such as a premature end of the data).
  HUEWALL_JPEG_OK = 0,
  /// libjpeg refused the data; `message` says why.
  HUEWALL_JPEG_CORRUPT = 1,
  /// The frame claims more pixels than the limit: refused before any pixel memory was taken.
  HUEWALL_JPEG_TOO_LARGE = 2,
  /// The pixel memory could not be allocated.
  HUEWALL_JPEG_NO_MEMORY = 3,
} huewall_jpeg_status;

/// A JPEG decoded at 1/`reduction` of its size, in libgd's truecolour layout (alpha 0: opaque).
typedef struct {
  /// `height` row pointers, each to `width` pixels (one allocation, with `pixels`).
  int32_t **rows;
  int32_t *pixels;
  /// The decoded size: the frame's size divided by `reduction`, rounded up.
  uint32_t width, height;
  /// The frame's size, as libjpeg read it.
  uint32_t image_width, image_height;
  /// The data ended before the image did: libjpeg filled the rest (grey), as under libgd.
  int premature_end;
  /// libjpeg's recoverable warnings, counted; `message` holds the first (or the error).
  int warnings;
  /// 1 when the file is progressive, for tests and logs.
  int progressive;
  /// libjpeg's colour space of the file (J_COLOR_SPACE), for tests and logs.
  int color_space;
  char message[200];
} huewall_jpeg_image;

/// Decodes the `size` bytes at `data` with libjpeg, scaled in the DCT to 1/`reduction` (1, 2, 4
/// or 8), into `out`, which the caller then frees with huewall_jpeg_free (whatever the status).
///
/// Colours come out as libgd gives them: greyscale and YCbCr as RGB, CMYK and YCCK through
/// libgd's own CMYK formula, inverted when an Adobe APP14 marker is present. libjpeg's fatal
/// errors longjmp to a setjmp inside this function and never leave it. A frame of more than
/// `max_pixels` pixels is refused after the header is read and before any pixel memory is
/// allocated; a progressive file of more than 500 scans is refused as corrupt.
huewall_jpeg_status huewall_jpeg_decode(const unsigned char *data, size_t size,
                                        unsigned reduction, uint64_t max_pixels,
                                        huewall_jpeg_image *out);

/// Frees what huewall_jpeg_decode allocated in `image` (nothing when it allocated nothing).
void huewall_jpeg_free(huewall_jpeg_image *image);

#endif
