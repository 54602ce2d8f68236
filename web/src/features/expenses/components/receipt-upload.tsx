import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage, isUnanswered } from '../../../lib/api';
import { Button } from '../../../ui/button';
import {
  checkReceiptFile,
  MAX_RECEIPT_BYTES,
  megabytes,
  receiptMessages,
  isReceiptPhoto,
  type ReceiptScan,
  type ReceiptUploadResponse,
} from '@portal/contracts';
import { useReceiptScan, useUploadReceipt } from '../api/upload-receipt';
import { PhotoRefused, photoFileToPdf } from '../image-to-pdf';
import { CameraCapture } from './camera-capture';

export interface ReceiptUploadProps {
  readonly receipt: ReceiptUploadResponse | null;
  readonly isRequired: boolean;
  readonly onUploaded: (receipt: ReceiptUploadResponse) => void;
  /** A photo receipt's reading (OCR) is done: what it read. */
  readonly onScanned: (scan: ReceiptScan) => void;
  /** The receipt chosen while offline, kept on the device until the expense is sent. */
  readonly kept: File | null;
  /** No connection for the upload: the file is kept with the expense instead. */
  readonly onKept: (file: File) => void;
  readonly onRemoved: () => void;
  /** The form's message for the receipt (required and missing). */
  readonly errorMessage?: string;
}

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The receipt: one PDF of at most 10 MB, or a photo (turned into a one-page PDF here, as the
 * camera's are), chosen, dropped or photographed. It is checked here first, then uploaded; the
 * server checks it again and reads the total and date from it: a PDF's text at once, a photo by
 * OCR after the upload, while "Reading the receipt…" shows its progress and the form stays usable.
 */
export function ReceiptUpload({
  receipt,
  isRequired,
  onUploaded,
  onScanned,
  kept,
  onKept,
  onRemoved,
  errorMessage: required,
}: ReceiptUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadReceipt();
  const scanning = useReceiptScan(receipt);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // The reading stops at an answer it cannot get (the query's error) or at the job's last failed try.
  const scanFailed = scanning.isError || scanning.data?.state === 'failed';
  const reading = receipt?.scanState === 'reading';
  const scanned = scanning.data?.state === 'done' ? scanning.data.scan : null;

  useEffect(() => {
    if (scanned) onScanned(scanned);
  }, [scanned, onScanned]);

  const send = async (files: readonly File[]) => {
    const refusal = checkReceiptFile(files.map((f) => ({ name: f.name, type: f.type, size: f.size })));
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    const [chosen] = files;
    if (!chosen) return;
    let file = chosen;
    if (isReceiptPhoto(chosen)) {
      try {
        file = await photoFileToPdf(chosen);
      } catch (error) {
        setProblem(error instanceof PhotoRefused ? error.message : receiptMessages.photoUnreadable);
        return;
      }
      const tooLarge = checkReceiptFile([{ name: file.name, type: file.type, size: file.size }]);
      if (tooLarge) {
        setProblem(tooLarge);
        return;
      }
    }
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: (error) =>
        isUnanswered(error) ? onKept(file) : setProblem(errorMessage(error, receiptMessages.uploadFailed)),
    });
  };

  const shown = problem ?? required;
  const done = receipt ? (
    <>
      Receipt <strong>{receipt.fileName}</strong> ({sizeText(receipt.size)}) uploaded.
    </>
  ) : kept ? (
    <>
      No connection: receipt <strong>{kept.name}</strong> ({sizeText(kept.size)}) is kept on this device and
      uploaded with the expense.
    </>
  ) : null;

  return (
    <div className="receipt field" data-invalid={shown ? true : undefined}>
      <label htmlFor={inputId} className="field__label">
        Receipt (PDF or photo){isRequired ? ' — required' : ''}
      </label>
      <div
        className={['receipt__drop', dragging ? 'receipt__drop--over' : ''].filter(Boolean).join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void send([...event.dataTransfer.files]);
        }}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="application/pdf,.pdf,image/jpeg,image/png,image/heic,image/heif,.heic,.heif"
          className="receipt__input"
          aria-describedby={`${inputId}-hint`}
          aria-invalid={shown ? true : undefined}
          disabled={upload.isPending}
          onChange={(event) => {
            void send([...(event.target.files ?? [])]);
            // The same file chosen again after a refusal still fires a change.
            event.target.value = '';
          }}
        />
        <p id={`${inputId}-hint`} className="field__description">
          Drop a PDF or a photo here or choose one — one file, at most {megabytes(MAX_RECEIPT_BYTES)}.
        </p>
        <CameraCapture
          isDisabled={upload.isPending}
          onPhoto={(file) => void send([file])}
          onDiscard={() => {
            if (receipt || kept) onRemoved();
          }}
        />
      </div>
      {upload.isPending ? (
        <p className="receipt__status" role="status">
          Uploading and reading the receipt…
        </p>
      ) : null}
      {reading && !upload.isPending && !scanFailed ? (
        <div className="receipt__reading" role="status">
          <span id={`${inputId}-reading`}>Reading the receipt…</span>
          <progress
            className="receipt__progress"
            aria-labelledby={`${inputId}-reading`}
            max={100}
            value={scanning.data?.progress ?? 0}
          />
          <span className="muted">You can go on filling in the form meanwhile.</span>
        </div>
      ) : null}
      {reading && scanFailed ? (
        <p className="receipt__status" role="status">
          {receiptMessages.scanFailed}
        </p>
      ) : null}
      {done && !upload.isPending ? (
        <div className="receipt__done" role="status">
          <span>{done}</span>
          <Button
            variant="ghost"
            onPress={() => {
              onRemoved();
              inputRef.current?.focus();
            }}
          >
            Remove receipt
          </Button>
        </div>
      ) : null}
      {shown ? (
        <p className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
