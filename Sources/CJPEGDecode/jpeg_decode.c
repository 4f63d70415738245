// JPEG decoding through libjpeg(-turbo) at a reduced scale: the DCT itself computes 1/2, 1/4 or
// 1/8 of the image, so a sampled analysis never decodes the pixels it would skip. It is C
// because libjpeg reports fatal errors by calling error_exit, which must not return: it
// longjmps back to the setjmp in huewall_jpeg_decode, and a longjmp must never cross Swift
// frames. Colour handling follows libgd 2.3.3's gd_jpeg.c, so that both decoders give the same
// pixels at full scale (Tests/HuewallDecodeTests checks it).
#include "jpeg_decode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

/// The most scans a progressive file may have: a crafted file of thousands of tiny scans costs
/// minutes of CPU (libjpeg-turbo's own TJFLAG_LIMITSCANS uses the same bound).
#define HUEWALL_MAX_SCANS 500

typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  huewall_jpeg_image *out;
} error_manager;

typedef struct {
  struct jpeg_progress_mgr pub;
  error_manager *errors;
} progress_manager;

static void copy_message(j_common_ptr cinfo, char *into, size_t capacity) {
  char buffer[JMSG_LENGTH_MAX];
  (*cinfo->err->format_message)(cinfo, buffer);
  snprintf(into, capacity, "%s", buffer);
}

/// A fatal error: keep its message and jump back into huewall_jpeg_decode.
static void on_error(j_common_ptr cinfo) {
  error_manager *errors = (error_manager *)cinfo->err;
  copy_message(cinfo, errors->out->message, sizeof errors->out->message);
  longjmp(errors->jump, 1);
}

/// A warning (level < 0) is counted and the first kept, as libgd shows only the first; the end
/// of the data is remembered whichever warning it is. Trace messages (level >= 0) are dropped.
static void on_message(j_common_ptr cinfo, int level) {
  if (level >= 0) return;
  error_manager *errors = (error_manager *)cinfo->err;
  if (cinfo->err->msg_code == JWRN_JPEG_EOF) errors->out->premature_end = 1;
  if (errors->out->warnings == 0) {
    copy_message(cinfo, errors->out->message, sizeof errors->out->message);
  }
  errors->out->warnings++;
  cinfo->err->num_warnings++;
}

static void on_progress(j_common_ptr cinfo) {
  progress_manager *progress = (progress_manager *)cinfo->progress;
  if (cinfo->is_decompressor &&
      ((j_decompress_ptr)cinfo)->input_scan_number > HUEWALL_MAX_SCANS) {
    snprintf(progress->errors->out->message, sizeof progress->errors->out->message,
             "Progressive JPEG image has more than %d scans", HUEWALL_MAX_SCANS);
    longjmp(progress->errors->jump, 1);
  }
}

/// libgd's CMYKToRGB: Adobe's files store the inks inverted.
static inline int32_t cmyk_to_rgb(int c, int m, int y, int k, int inverted) {
  if (inverted) {
    c = 255 - c;
    m = 255 - m;
    y = 255 - y;
    k = 255 - k;
  }
  int r = (255 - c) * (255 - k) / 255;
  int g = (255 - m) * (255 - k) / 255;
  int b = (255 - y) * (255 - k) / 255;
  return (int32_t)(r << 16 | g << 8 | b);
}

/// libgd's test for inverted CMYK: an APP14 marker of at least 12 bytes starting "Adobe".
static int has_adobe_marker(j_decompress_ptr cinfo) {
  for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker; marker = marker->next) {
    if (marker->marker == JPEG_APP0 + 14 && marker->data_length >= 12 &&
        strncmp((const char *)marker->data, "Adobe", 5) == 0) {
      return 1;
    }
  }
  return 0;
}

huewall_jpeg_status huewall_jpeg_decode(const unsigned char *data, size_t size,
                                        unsigned reduction, uint64_t max_pixels,
                                        huewall_jpeg_image *out) {
  memset(out, 0, sizeof *out);
  if (reduction != 1 && reduction != 2 && reduction != 4 && reduction != 8) {
    snprintf(out->message, sizeof out->message, "unsupported reduction 1/%u", reduction);
    return HUEWALL_JPEG_CORRUPT;
  }
  struct jpeg_decompress_struct cinfo;
  error_manager errors;
  progress_manager progress;
  // Everything the jump must clean up lives in memory that setjmp does not restore: `out`
  // (the pixels) and `cmyk_row`, declared volatile.
  unsigned char *volatile cmyk_row = NULL;
  memset(&cinfo, 0, sizeof cinfo);
  memset(&errors, 0, sizeof errors);
  errors.out = out;
  cinfo.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = on_error;
  errors.pub.emit_message = on_message;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(cmyk_row);
    huewall_jpeg_free(out);
    return HUEWALL_JPEG_CORRUPT;
  }
  jpeg_create_decompress(&cinfo);
  progress.pub.progress_monitor = on_progress;
  progress.errors = &errors;
  cinfo.progress = &progress.pub;
  // libgd reads mid-buffer the same way: at the end of the data libjpeg warns (JWRN_JPEG_EOF)
  // and inserts an end-of-image marker, so the rest of the image comes out grey.
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_save_markers(&cinfo, JPEG_APP0 + 14, 256);
  jpeg_read_header(&cinfo, TRUE);

  out->image_width = cinfo.image_width;
  out->image_height = cinfo.image_height;
  out->progressive = cinfo.progressive_mode ? 1 : 0;
  out->color_space = (int)cinfo.jpeg_color_space;
  if ((uint64_t)cinfo.image_width * cinfo.image_height > max_pixels) {
    snprintf(out->message, sizeof out->message, "%ux%u pixels", cinfo.image_width,
             cinfo.image_height);
    jpeg_destroy_decompress(&cinfo);
    return HUEWALL_JPEG_TOO_LARGE;
  }

  int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  // libjpeg-turbo writes blue, green, red and a filler byte: on a little-endian machine one
  // int32 of libgd's layout once the filler (0xFF) is cleared to alpha 0.
  cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRX;
  cinfo.scale_num = 1;
  cinfo.scale_denom = reduction;
  jpeg_calc_output_dimensions(&cinfo);
  if (cinfo.output_components != 4) {
    snprintf(out->message, sizeof out->message, "unexpected output components %d",
             cinfo.output_components);
    jpeg_destroy_decompress(&cinfo);
    return HUEWALL_JPEG_CORRUPT;
  }
  size_t width = cinfo.output_width, height = cinfo.output_height;
  out->rows = malloc(height * sizeof(int32_t *));
  out->pixels = malloc(width * height * sizeof(int32_t));
  if (cmyk) cmyk_row = malloc(width * 4);
  if (!out->rows || !out->pixels || (cmyk && !cmyk_row)) {
    snprintf(out->message, sizeof out->message, "cannot allocate %zux%zu pixels", width, height);
    jpeg_destroy_decompress(&cinfo);
    free(cmyk_row);
    huewall_jpeg_free(out);
    return HUEWALL_JPEG_NO_MEMORY;
  }
  out->width = (uint32_t)width;
  out->height = (uint32_t)height;
  for (size_t y = 0; y < height; y++) out->rows[y] = out->pixels + y * width;

  jpeg_start_decompress(&cinfo);
  int inverted = cmyk && has_adobe_marker(&cinfo);
  while (cinfo.output_scanline < cinfo.output_height) {
    JDIMENSION y = cinfo.output_scanline;
    if (cmyk) {
      JSAMPROW row = cmyk_row;
      if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) break;
      const unsigned char *p = cmyk_row;
      int32_t *target = out->rows[y];
      for (size_t x = 0; x < width; x++, p += 4) {
        target[x] = cmyk_to_rgb(p[0], p[1], p[2], p[3], inverted);
      }
    } else {
      JSAMPROW rows[16];
      JDIMENSION count = cinfo.output_height - y < 16 ? cinfo.output_height - y : 16;
      for (JDIMENSION i = 0; i < count; i++) rows[i] = (JSAMPROW)out->rows[y + i];
      JDIMENSION read = jpeg_read_scanlines(&cinfo, rows, count);
      if (read == 0) break;
      for (JDIMENSION i = 0; i < read; i++) {
        uint32_t *row = (uint32_t *)out->rows[y + i];
        for (size_t x = 0; x < width; x++) row[x] &= 0x00FFFFFFu;
      }
    }
  }
  if (cinfo.output_scanline < cinfo.output_height) {
    // A memory source never suspends: this is not expected, and not an image.
    snprintf(out->message, sizeof out->message, "libjpeg stopped after %u of %u rows",
             cinfo.output_scanline, cinfo.output_height);
    jpeg_destroy_decompress(&cinfo);
    free(cmyk_row);
    huewall_jpeg_free(out);
    return HUEWALL_JPEG_CORRUPT;
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  free(cmyk_row);
  return HUEWALL_JPEG_OK;
}

void huewall_jpeg_free(huewall_jpeg_image *image) {
  free(image->rows);
  free(image->pixels);
  image->rows = NULL;
  image->pixels = NULL;
}
