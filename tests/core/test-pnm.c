/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — tessera-bench's PGM/PPM/PAM reader and writer: round
 * trips of every kind, tuple type and sample size, hand-written headers,
 * and malformed files that must be refused. */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include "pnm.h"
#include "random.h"

static char *scratch_dir;

/* The files the tests write into SCRATCH_DIR. */
static const char *const scratch_names[] = {
  "round-trip", "tuple-type.pam", "order.pgm", "good", "bad",
  "conversions.pam", "error.pgm", "fuzzed"
};

static char *
scratch_path (const char *name)
{
  return g_build_filename (scratch_dir, name, NULL);
}

static void
write_bytes (const char *path, const void *bytes, gsize length)
{
  GError *error = NULL;
  g_file_set_contents (path, bytes, (gssize) length, &error);
  g_assert_no_error (error);
}

/* Random samples from 0 to MAXVAL. */
static void
fill_up_to (TestRandom *r, TesseraImage *image, int maxval)
{
  int samples = image->width * image->channels;
  for (int y = 0; y < image->height; y++)
    for (int i = 0; i < samples; i++)
      {
        int value = test_random_int (r, 0, maxval);
        void *row = tessera_image_row (image, y);
        if (image->type == TESSERA_U8)
          ((guint8 *) row)[i] = (guint8) value;
        else
          ((guint16 *) row)[i] = (guint16) value;
      }
}

static void
assert_same_pixels (const TesseraImage *a, const TesseraImage *b)
{
  gsize row_bytes = tessera_pixel_size (a) * (gsize) a->width;
  g_assert_true (tessera_image_same_shape (a, b));
  for (int y = 0; y < a->height; y++)
    g_assert_cmpmem (tessera_image_row (a, y), row_bytes,
                     tessera_image_row (b, y), row_bytes);
}

static void
round_trip (TestRandom *r, PnmKind kind, int channels, int maxval)
{
  char *path = scratch_path ("round-trip");
  TesseraImage image, back;
  PnmFormat format = { kind, maxval }, read_format;
  const char *why = NULL;

  g_assert_cmpint (tessera_image_alloc (&image, test_random_side (r, 37),
                                        test_random_side (r, 19), channels,
                                        maxval > 255 ? TESSERA_U16
                                                     : TESSERA_U8),
                   ==, TESSERA_OK);
  fill_up_to (r, &image, maxval);
  g_assert_cmpint (pnm_write (path, &image, &format, &why), ==, TESSERA_OK);
  g_assert_cmpint (pnm_read (path, &back, &read_format, &why), ==,
                   TESSERA_OK);
  g_assert_cmpint (read_format.kind, ==, kind);
  g_assert_cmpint (read_format.maxval, ==, maxval);
  assert_same_pixels (&image, &back);

  tessera_image_free (&image);
  tessera_image_free (&back);
  g_free (path);
}

static void
test_round_trips (void)
{
  static const int maxvals[] = { 1, 15, 255, 256, 1000, 65535 };
  TestRandom r = test_random_new (20240601);

  for (gsize m = 0; m < G_N_ELEMENTS (maxvals); m++)
    for (int repeat = 0; repeat < 4; repeat++)
      {
        round_trip (&r, PNM_PGM, 1, maxvals[m]);
        round_trip (&r, PNM_PPM, 3, maxvals[m]);
        for (int channels = 1; channels <= 4; channels++)
          round_trip (&r, PNM_PAM, channels, maxvals[m]);
      }
}

/* The file written for a PAM names the tuple type of its channels. */
static void
test_tuple_types (void)
{
  static const char *const names[] = { "GRAYSCALE", "GRAYSCALE_ALPHA", "RGB",
                                       "RGB_ALPHA" };
  char *path = scratch_path ("tuple-type.pam");
  guint8 pixel[4] = { 1, 2, 3, 4 };

  for (int channels = 1; channels <= 4; channels++)
    {
      TesseraImage image = tessera_image_view (pixel, 1, 1, channels,
                                               TESSERA_U8);
      PnmFormat format = { PNM_PAM, 255 };
      char *contents, *expected;

      g_assert_cmpint (pnm_write (path, &image, &format, NULL), ==,
                       TESSERA_OK);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      expected = g_strdup_printf ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH %d\n"
                                  "MAXVAL 255\nTUPLTYPE %s\nENDHDR\n",
                                  channels, names[channels - 1]);
      g_assert_true (g_str_has_prefix (contents, expected));
      g_free (expected);
      g_free (contents);
    }
  g_free (path);
}

/* 16-bit samples are big-endian in the file. */
static void
test_sixteen_bit_order (void)
{
  static const guint8 file[] = "P5\n2 1\n65535\n\x01\x02\xfe\xff";
  char *path = scratch_path ("order.pgm");
  TesseraImage image;
  PnmFormat format;

  write_bytes (path, file, sizeof file - 1);
  g_assert_cmpint (pnm_read (path, &image, &format, NULL), ==, TESSERA_OK);
  g_assert_cmpint (image.type, ==, TESSERA_U16);
  g_assert_cmpuint (((guint16 *) image.data)[0], ==, 0x0102);
  g_assert_cmpuint (((guint16 *) image.data)[1], ==, 0xfeff);
  tessera_image_free (&image);
  g_free (path);
}

typedef struct
{
  const char *header;
  int         width, height, channels, maxval;
  PnmKind     kind;
} GoodHeader;

/* Comments, odd spacing, PAM without TUPLTYPE, BLACKANDWHITE. */
static void
test_good_headers (void)
{
  static const GoodHeader headers[] = {
    { "P5 3 2 255\n", 3, 2, 1, 255, PNM_PGM },
    { "P6\n# a comment\n3 # another\n 2\n\t65535\r", 3, 2, 3, 65535,
      PNM_PPM },
    { "P5\n#\n3 2\n#x\n7\n", 3, 2, 1, 7, PNM_PGM },
    { "P7\nWIDTH 3\nHEIGHT 2\nDEPTH 2\nMAXVAL 255\nENDHDR\n", 3, 2, 2, 255,
      PNM_PAM },
    { "P7\n# comment\n  WIDTH   3  \nHEIGHT 2\n\nDEPTH 4\nMAXVAL 300\n"
      "TUPLTYPE RGB_ALPHA\nENDHDR\n", 3, 2, 4, 300, PNM_PAM },
    { "P7\nWIDTH 3\nHEIGHT 2\nDEPTH 1\nMAXVAL 1\n"
      "TUPLTYPE BLACKANDWHITE\nENDHDR\n", 3, 2, 1, 1, PNM_PAM },
  };
  char *path = scratch_path ("good");

  for (gsize i = 0; i < G_N_ELEMENTS (headers); i++)
    {
      const GoodHeader *h = &headers[i];
      gsize header_length = strlen (h->header);
      gsize pixel_bytes = (gsize) h->width * h->height * h->channels
                          * (h->maxval > 255 ? 2 : 1);
      guint8 *file = g_malloc0 (header_length + pixel_bytes);
      TesseraImage image;
      PnmFormat format;
      const char *why = NULL;

      memcpy (file, h->header, header_length);
      /* A last sample of 1, so the pixels are not all zero. */
      file[header_length + pixel_bytes - 1] = 1;
      write_bytes (path, file, header_length + pixel_bytes);
      g_assert_cmpint (pnm_read (path, &image, &format, &why), ==,
                       TESSERA_OK);
      g_assert_cmpint (image.width, ==, h->width);
      g_assert_cmpint (image.height, ==, h->height);
      g_assert_cmpint (image.channels, ==, h->channels);
      g_assert_cmpint (format.maxval, ==, h->maxval);
      g_assert_cmpint (format.kind, ==, h->kind);
      tessera_image_free (&image);
      g_free (file);
    }
  g_free (path);
}

typedef struct
{
  const char   *file;
  TesseraStatus status;
  const char   *why;   /* what the message must name, or NULL */
} BadFile;

static void
test_bad_files (void)
{
  static const BadFile files[] = {
    { "", TESSERA_ERROR_IO },
    { "XY\n1 1\n255\n\x01", TESSERA_ERROR_IO },
    { "P3\n1 1\n255\n1 2 3\n", TESSERA_ERROR_UNSUPPORTED_FORMAT },
    { "P4\n8 1\n\x01", TESSERA_ERROR_UNSUPPORTED_FORMAT },
    { "P5\n0 1\n255\n", TESSERA_ERROR_EMPTY_IMAGE },
    { "P5\n1 -1\n255\n\x01", TESSERA_ERROR_IO },
    { "P5\n1 1\n0\n\x01", TESSERA_ERROR_IO },
    { "P5\n1 1\n65536\n\x01\x01", TESSERA_ERROR_IO },
    { "P5\n1x 1\n255\n\x01", TESSERA_ERROR_IO },
    { "P5\n1 1\n255#c\n\x01", TESSERA_ERROR_IO },
    { "P5\n1 1\n255", TESSERA_ERROR_IO },
    { "P5\n2 2\n255\n\x01\x02\x03", TESSERA_ERROR_IO },
    { "P6\n1 1\n65535\n\x01\x02\x03\x04\x05", TESSERA_ERROR_IO },
    { "P5\n1 1\n10\n\x0b", TESSERA_ERROR_IO },
    { "P5\n1 1\n1000\n\x03\xe9", TESSERA_ERROR_IO },
    { "P5\n1000000 1\n255\n\x01", TESSERA_ERROR_TOO_LARGE },
    { "P5\n12345678901 1\n255\n\x01", TESSERA_ERROR_IO },
    { "P7 WIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nENDHDR\n\x01",
      TESSERA_ERROR_IO },
    { "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\n", TESSERA_ERROR_IO },
    { "P7\nWIDTH 1\nHEIGHT 1\nMAXVAL 255\nENDHDR\n\x01", TESSERA_ERROR_IO },
    { "P7\nWIDTH one\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nENDHDR\n\x01",
      TESSERA_ERROR_IO },
    { "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nCOLOUR red\nENDHDR\n\x01",
      TESSERA_ERROR_IO },
    { "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nTUPLTYPE GRAYSCALE\n"
      "ENDHDR\n\x01\x01\x01", TESSERA_ERROR_IO },
    { "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE CMYK\n"
      "ENDHDR\n\x01\x01\x01\x01", TESSERA_ERROR_UNSUPPORTED_FORMAT },
    { "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 5\nMAXVAL 255\nENDHDR\n\x01\x01\x01\x01"
      "\x01", TESSERA_ERROR_UNSUPPORTED_FORMAT },
    { "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 70000\nENDHDR\n\x01\x01",
      TESSERA_ERROR_IO },
    /* The messages name the value that was wrong; a header asking for
     * more pixels than the file holds fails before anything is allocated
     * (here 20 GB, which would fail or swap if it were). */
    { "P5\n100000 100000\n65535\n\x01\x02", TESSERA_ERROR_IO,
      "needs 20000000000" },
    { "P5\n3 2\n255\n\x01\x02", TESSERA_ERROR_IO, "holds 2 bytes" },
    { "P5\n1 1\n70000\n\x01\x01", TESSERA_ERROR_IO, "70000" },
    { "P5\n1000000 1\n255\n\x01", TESSERA_ERROR_TOO_LARGE, "1000000 x 1" },
    { "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 5\nMAXVAL 255\nENDHDR\n\x01\x01\x01"
      "\x01\x01", TESSERA_ERROR_UNSUPPORTED_FORMAT, "DEPTH is 5" },
    { "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE CMYK\n"
      "ENDHDR\n\x01\x01\x01\x01", TESSERA_ERROR_UNSUPPORTED_FORMAT, "CMYK" },
    { "P5\n1 1\n10\n\x0b", TESSERA_ERROR_IO, "MAXVAL 10" },
  };
  char *path = scratch_path ("bad");

  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      TesseraImage image = { 0 };
      PnmFormat format;
      const char *why = NULL;

      write_bytes (path, files[i].file, strlen (files[i].file));
      g_test_message ("file %" G_GSIZE_FORMAT, i);
      g_assert_cmpint (pnm_read (path, &image, &format, &why), ==,
                       files[i].status);
      g_assert_nonnull (why);
      g_test_message ("%s", why);
      if (files[i].why != NULL)
        g_assert_nonnull (strstr (why, files[i].why));
      g_assert_null (image.data);
    }
  g_assert_cmpint (pnm_read ("/nonexistent/file.pam", NULL, NULL, NULL), ==,
                   TESSERA_ERROR_IO);
  g_free (path);
}

/* One file read: a clear refusal (a reason, nothing allocated) or an
 * image of the header's shape. */
static void
read_fuzzed (const char *path, const guint8 *bytes, gsize length)
{
  TesseraImage image = { 0 };
  PnmFormat format;
  const char *why = NULL;

  /* Not write_bytes: g_file_set_contents syncs each of thousands. */
  FILE *out = fopen (path, "wb");
  g_assert_nonnull (out);
  g_assert_cmpuint (fwrite (bytes, 1, length, out), ==, length);
  g_assert_cmpint (fclose (out), ==, 0);
  if (pnm_read (path, &image, &format, &why) == TESSERA_OK)
    {
      g_assert_nonnull (image.data);
      g_assert_cmpint (image.width, >=, 1);
      g_assert_cmpint (image.height, >=, 1);
      g_assert_cmpint (image.channels, >=, 1);
      g_assert_cmpint (image.channels, <=, 4);
      tessera_image_free (&image);
    }
  else
    {
      g_assert_nonnull (why);
      g_assert_cmpuint (strlen (why), >, 0);
      g_assert_null (image.data);
    }
}

/* Truncated, corrupted and huge-header files, as a fuzzer makes them from
 * good ones: each truncation, then bytes flipped, set to digits, spaces
 * or extremes, and runs of header text repeated or cut (issue 25 tried
 * 3,640 such files; here a few thousand, seeded). */
static void
test_fuzzed_files (void)
{
  static const char *const headers[] = {
    "P5\n5 3\n255\n",
    "P6\n# c\n4 3\n65535\n",
    "P7\nWIDTH 3\nHEIGHT 4\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\n"
    "ENDHDR\n",
    "P7\nWIDTH 2\nHEIGHT 2\nDEPTH 2\nMAXVAL 1000\nENDHDR\n",
  };
  static const guint8 extremes[] = { 0, '0', '9', ' ', '\n', '#', '-',
                                     'P', 0x7f, 0xff };
  char *path = scratch_path ("fuzzed");
  TestRandom r = test_random_new (25);

  for (gsize h = 0; h < G_N_ELEMENTS (headers); h++)
    {
      gchar *file;
      gsize length;

      /* The good file: the header and at least the pixel bytes it asks. */
      length = strlen (headers[h]) + 96;
      file = g_malloc (length + 64);
      memcpy (file, headers[h], strlen (headers[h]));
      for (gsize i = strlen (headers[h]); i < length; i++)
        file[i] = (gchar) test_random_int (&r, 0, 3);
      for (gsize cut = 0; cut <= length; cut++)
        read_fuzzed (path, (const guint8 *) file, cut);
      for (int round = 0; round < test_cases (600); round++)
        {
          gchar *copy = g_malloc (length + 64);
          gsize n = length;
          int edits = test_random_int (&r, 1, 4);

          memcpy (copy, file, length);
          for (int e = 0; e < edits; e++)
            {
              /* Mostly in the header, where the parsing is. */
              gsize at = (gsize) test_random_int (
                           &r, 0, (int) (test_random_int (&r, 0, 3) == 0
                                         ? n - 1 : strlen (headers[h])));
              switch (test_random_int (&r, 0, 3))
                {
                case 0:
                  copy[at] ^= (gchar) (1 << test_random_int (&r, 0, 7));
                  break;
                case 1:
                  copy[at] = (gchar) extremes[test_random_int (
                               &r, 0, G_N_ELEMENTS (extremes) - 1)];
                  break;
                case 2: /* a digit more: huge sides and MAXVALs */
                  if (n < length + 64)
                    {
                      memmove (copy + at + 1, copy + at, n - at);
                      copy[at] = (gchar) ('0' + test_random_int (&r, 0, 9));
                      n++;
                    }
                  break;
                default: /* cut a byte out */
                  memmove (copy + at, copy + at + 1, n - at - 1);
                  n--;
                  break;
                }
            }
          read_fuzzed (path, (const guint8 *) copy, n);
          g_free (copy);
        }
      g_free (file);
    }
  g_free (path);
}

/* Floats are scaled from 0..1, integers clamped to MAXVAL. */
static void
test_write_conversions (void)
{
  static const float floats[] = { 0.0f, 0.5f, 1.0f, 2.0f, -1.0f, NAN };
  static const guint8 scaled[] = { 0, 128, 255, 255, 0, 0 };
  guint16 wide[2] = { 300, 7 };
  char *path = scratch_path ("conversions.pam");
  TesseraImage image = tessera_image_view ((void *) floats, 6, 1, 1,
                                           TESSERA_F32);
  PnmFormat format = { PNM_PAM, 255 }, read_format;
  TesseraImage back;

  g_assert_cmpint (pnm_write (path, &image, &format, NULL), ==, TESSERA_OK);
  g_assert_cmpint (pnm_read (path, &back, &read_format, NULL), ==,
                   TESSERA_OK);
  g_assert_cmpmem (back.data, sizeof scaled, scaled, sizeof scaled);
  tessera_image_free (&back);

  image = tessera_image_view (wide, 2, 1, 1, TESSERA_U16);
  g_assert_cmpint (pnm_write (path, &image, &format, NULL), ==, TESSERA_OK);
  g_assert_cmpint (pnm_read (path, &back, &read_format, NULL), ==,
                   TESSERA_OK);
  g_assert_cmpuint (((guint8 *) back.data)[0], ==, 255);
  g_assert_cmpuint (((guint8 *) back.data)[1], ==, 7);
  tessera_image_free (&back);
  g_free (path);
}

static void
test_write_errors (void)
{
  guint8 pixel[3] = { 1, 2, 3 };
  TesseraImage rgb = tessera_image_view (pixel, 1, 1, 3, TESSERA_U8);
  PnmFormat pgm = { PNM_PGM, 255 }, pam = { PNM_PAM, 255 };
  char *path = scratch_path ("error.pgm");
  const char *why = NULL;

  g_assert_cmpint (pnm_write (path, &rgb, &pgm, &why), ==,
                   TESSERA_ERROR_UNSUPPORTED_FORMAT);
  g_assert_nonnull (why);
  g_assert_cmpint (pnm_write ("/nonexistent/dir/x.pam", &rgb, &pam, &why),
                   ==, TESSERA_ERROR_IO);
  g_free (path);
}

static void
test_format_like (void)
{
  guint8 pixel[4] = { 0 };
  TesseraImage gray = tessera_image_view (pixel, 1, 1, 1, TESSERA_U8);
  TesseraImage rgba16 = tessera_image_view (pixel, 1, 1, 2, TESSERA_U16);
  TesseraImage rgb_float = tessera_image_view (pixel, 1, 1, 1, TESSERA_F32);
  PnmFormat pgm_100 = { PNM_PGM, 100 }, ppm_1000 = { PNM_PPM, 1000 };
  PnmFormat format;

  format = pnm_format_like (&gray, NULL);
  g_assert_true (format.kind == PNM_PAM && format.maxval == 255);
  format = pnm_format_like (&gray, &pgm_100);
  g_assert_true (format.kind == PNM_PGM && format.maxval == 100);
  format = pnm_format_like (&gray, &ppm_1000);
  g_assert_true (format.kind == PNM_PAM && format.maxval == 255);
  format = pnm_format_like (&rgba16, &ppm_1000);
  g_assert_true (format.kind == PNM_PAM && format.maxval == 1000);
  format = pnm_format_like (&rgb_float, NULL);
  g_assert_true (format.kind == PNM_PAM && format.maxval == 65535);
}

int
main (int argc, char **argv)
{
  GError *error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  scratch_dir = g_dir_make_tmp ("tessera-pnm-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/pnm/round-trips", test_round_trips);
  g_test_add_func ("/pnm/tuple-types", test_tuple_types);
  g_test_add_func ("/pnm/sixteen-bit-order", test_sixteen_bit_order);
  g_test_add_func ("/pnm/good-headers", test_good_headers);
  g_test_add_func ("/pnm/bad-files", test_bad_files);
  g_test_add_func ("/pnm/fuzzed-files", test_fuzzed_files);
  g_test_add_func ("/pnm/write-conversions", test_write_conversions);
  g_test_add_func ("/pnm/write-errors", test_write_errors);
  g_test_add_func ("/pnm/format-like", test_format_like);
  status = g_test_run ();

  for (gsize i = 0; i < G_N_ELEMENTS (scratch_names); i++)
    {
      char *path = scratch_path (scratch_names[i]);
      g_remove (path);
      g_free (path);
    }
  g_rmdir (scratch_dir);
  g_free (scratch_dir);
  return status;
}
