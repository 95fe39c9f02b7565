;; SPDX-License-Identifier: GPL-3.0-or-later
; Tessera tests — script-fu helpers for the GIMP harnesses (batch.sh,
; dialog.sh).  They need the test-only extension tessera-test-io.

; The message of the last error, for the status files: script-fu's
; catch does not pass it on.
(define tt-error "")
(define (tt-error-hook . args)
  (set! tt-error (if (and (pair? args) (string? (car args))) (car args) ""))
  (apply throw args))
(set! *error-hook* tt-error-hook)

; Calls (CALL IMAGE DRAWABLE); returns "ok", or "failed" and the error
; message on a second line.
(define (tt-call call image drawable)
  (catch (string-append "failed\n" tt-error)
         (call image drawable)
         "ok"))

(define (tt-write-text path text)
  (let ((port (open-output-file path)))
    (display text port)
    (newline port)
    (close-output-port port)))

(define (tt-save image drawable path)
  (tessera-test-io-save RUN-NONINTERACTIVE image drawable path ""))

; The selection as "Y float", 0 (unselected) to 1 (selected).
(define (tt-save-selection image path)
  (tessera-test-io-save RUN-NONINTERACTIVE image
                        (car (gimp-image-get-selection image)) path "Y float"))

(define (tt-load image drawable path)
  (tessera-test-io-load RUN-NONINTERACTIVE image drawable path))

; A new image of PRECISION and size, and in it a drawable of KIND:
; "RGB" "RGBA" "GRAY" "GRAYA" (layers), "mask" (a layer mask), "channel",
; "INDEXED" (an RGB layer, to be converted by tt-make-indexed once filled),
; "group" (a layer group holding an RGBA layer), "text" (a text layer of
; that size), "offset" (an RGBA layer of that size at offsets 5,3 in an
; image 10 pixels larger each way) or "outside" (an RGBA layer of that size
; at offsets -width/3,height/4 in an image of that size: partly outside the
; canvas, left and below).
; Returns (image drawable).
(define (tt-new-drawable kind precision width height)
  (cond ((string=? kind "group")
         (let* ((target (tt-new-drawable "RGBA" precision width height))
                (image (car target))
                (group (car (gimp-layer-group-new image))))
           (gimp-item-set-name group "tt-group")
           (gimp-image-insert-layer image group 0 0)
           (gimp-image-reorder-item image (cadr target) group 0)
           (list image group)))
        ((string=? kind "text")
         (let* ((target (tt-new-drawable "RGBA" precision width height))
                (image (car target))
                (text (car (gimp-text-layer-new image "Tessera" "Sans"
                                                (max 8 (quotient height 2))
                                                PIXELS))))
           (gimp-image-insert-layer image text 0 0)
           (gimp-text-layer-resize text width height)
           (list image text)))
        ((string=? kind "offset")
         (let* ((target (tt-new-drawable "RGBA" precision (+ width 10)
                                         (+ height 10)))
                (image (car target))
                (layer (car (gimp-layer-new image width height RGBA-IMAGE
                                            "tt-offset" 100
                                            LAYER-MODE-NORMAL))))
           (gimp-image-insert-layer image layer 0 0)
           (gimp-layer-set-offsets layer 5 3)
           (list image layer)))
        ((string=? kind "outside")
         (let* ((target (tt-new-drawable "RGBA" precision width height))
                (image (car target))
                (layer (car (gimp-layer-new image width height RGBA-IMAGE
                                            "tt-outside" 100
                                            LAYER-MODE-NORMAL))))
           (gimp-image-insert-layer image layer 0 0)
           (gimp-layer-set-offsets layer (- (quotient width 3))
                                   (quotient height 4))
           (list image layer)))
        (else (tt-new-plain-drawable kind precision width height))))

; The items of IMAGE, counted through its layer groups: a refusal must
; leave as many.
(define (tt-item-count image)
  (define (count items)
    (apply + (map (lambda (item)
                    (+ 1 (if (= (car (gimp-item-is-group item)) 1)
                             (count (vector->list
                                     (cadr (gimp-item-get-children item))))
                             0)))
                  items)))
  (+ (count (vector->list (cadr (gimp-image-get-layers image))))
     (car (gimp-image-get-channels image))
     (car (gimp-image-get-vectors image))))

; Calls (CALL); when it fails, fails with its message, or with another when
; it added an item to IMAGE before failing.
(define (tt-refusal-adds-nothing image call)
  (let* ((before (tt-item-count image))
         (failed (catch #t (call) #f)))
    (if failed
        (begin
          (if (not (= before (tt-item-count image)))
              (set! tt-error "the refusal added an item to the image"))
          (throw tt-error)))))

; "yes" when IMAGE has ITEMS items, the selection bounds SELECTION and no
; undo step since it was made clean (any step marks it dirty), else what
; changed: what a refusal must leave.
(define (tt-untouched image items selection)
  (cond ((not (= items (tt-item-count image)))
         (string-append "no: " (number->string (tt-item-count image))
                        " items, not " (number->string items)))
        ((not (equal? selection (gimp-selection-bounds image)))
         "no: the selection changed")
        ((not (= 0 (car (gimp-image-is-dirty image))))
         "no: an undo step was added (the image is dirty)")
        (else "yes")))

(define (tt-new-plain-drawable kind precision width height)
  (let* ((gray (or (string=? kind "GRAY") (string=? kind "GRAYA")))
         (image (car (gimp-image-new-with-precision width height
                                                    (if gray GRAY RGB)
                                                    precision)))
         (layer-type (cond ((string=? kind "GRAY") GRAY-IMAGE)
                           ((string=? kind "GRAYA") GRAYA-IMAGE)
                           ((or (string=? kind "RGB") (string=? kind "INDEXED"))
                            RGB-IMAGE)
                           (else RGBA-IMAGE)))
         (layer (car (gimp-layer-new image width height layer-type "layer"
                                     100 LAYER-MODE-NORMAL))))
    (gimp-image-insert-layer image layer 0 0)
    (gimp-drawable-fill layer FILL-WHITE)
    (cond ((string=? kind "mask")
           (let ((mask (car (gimp-layer-create-mask layer ADD-MASK-WHITE))))
             (gimp-layer-add-mask layer mask)
             (list image mask)))
          ((string=? kind "channel")
           (let ((channel (car (gimp-channel-new image width height "channel"
                                                 50 '(0 0 0)))))
             (gimp-image-insert-channel image channel 0 0)
             (list image channel)))
          (else (list image layer)))))

(define (tt-make-indexed image)
  (gimp-image-convert-indexed image CONVERT-DITHER-NONE
                              CONVERT-PALETTE-GENERATE 255 FALSE FALSE ""))

; SELECTION: "none", "rect" (a sharp rectangle in the middle) or "feather"
; (an ellipse feathered by 4 pixels: its mask takes every value).
(define (tt-select image selection width height)
  (cond ((string=? selection "rect")
         (gimp-image-select-rectangle image CHANNEL-OP-REPLACE
                                      (quotient width 4) (quotient height 4)
                                      (quotient width 2) (quotient height 2)))
        ((string=? selection "feather")
         (gimp-image-select-ellipse image CHANNEL-OP-REPLACE
                                    (quotient width 6) (quotient height 6)
                                    (quotient (* 2 width) 3)
                                    (quotient (* 2 height) 3))
         (gimp-selection-feather image 4))
        (else (gimp-selection-none image))))

; What a job makes before its call (the path Trace Line from Path starts
; from): a procedure of image and drawable, set before each job.
(define tt-setup (lambda (image drawable) #t))

; One batch job in folder DIR, which holds in.raw (the drawable's pixels;
; RGB ones for "INDEXED"): makes the drawable, selects, saves before.raw
; (and mask.raw) after tt-setup, runs CALL (a procedure of image and drawable), writes
; what tt-call returns to DIR/status, saves after.raw, then calls AFTER
; (a procedure of image, drawable and dir) to save whatever else the check
; needs.
(define (tt-job dir kind precision width height selection call after)
  (let* ((target (tt-new-drawable kind precision width height))
         (image (car target))
         (drawable (cadr target)))
    ; A group's pixels are its layer's; a text layer keeps its text.
    (cond ((string=? kind "group")
           (tt-load image (vector-ref (cadr (gimp-item-get-children drawable))
                                      0)
                    (string-append dir "/in.raw")))
          ((not (string=? kind "text"))
           (tt-load image drawable (string-append dir "/in.raw"))))
    (if (string=? kind "INDEXED")
        (tt-make-indexed image))
    (tt-select image selection width height)
    (tt-setup image drawable)
    (tt-save image drawable (string-append dir "/before.raw"))
    (if (not (string=? selection "none"))
        (tt-save-selection image (string-append dir "/mask.raw")))
    (gimp-image-clean-all image)
    (let ((items (tt-item-count image))
          (selection (gimp-selection-bounds image)))
      (tt-write-text (string-append dir "/status")
                     (tt-call call image drawable))
      (tt-write-text (string-append dir "/untouched")
                     (tt-untouched image items selection)))
    (tt-save image drawable (string-append dir "/after.raw"))
    (catch #f (after image drawable dir))
    (gimp-image-delete image)))
