import { useId, useRef, useState } from 'react';
import { errorMessage, isUnanswered } from '../../../lib/api';
import { Button } from '../../../ui/button';
import {
  checkReceiptFile,
  MAX_RECEIPT_BYTES,
  megabytes,
  receiptMessages,
  type ReceiptUploadResponse,
} from '@portal/contracts';
import { useUploadReceipt } from '../api/upload-receipt';
import { CameraCapture } from './camera-capture';

export interface ReceiptUploadProps {
  readonly receipt: ReceiptUploadResponse | null;
  readonly isRequired: boolean;
  readonly onUploaded: (receipt: ReceiptUploadResponse) => void;
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
 * The receipt: one PDF of at most 10 MB, chosen, dropped or photographed. It is checked here
 * first, then uploaded; the server checks it again and reads the total and date from it.
 */
export function ReceiptUpload({
  receipt,
  isRequired,
  onUploaded,
  kept,
  onKept,
  onRemoved,
  errorMessage: required,
}: ReceiptUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadReceipt();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const send = (files: readonly File[]) => {
    const refusal = checkReceiptFile(files.map((f) => ({ name: f.name, type: f.type, size: f.size })));
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    const [file] = files;
    if (!file) return;
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
        Receipt (PDF){isRequired ? ' — required' : ''}
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
          send([...event.dataTransfer.files]);
        }}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          className="receipt__input"
          aria-describedby={`${inputId}-hint`}
          aria-invalid={shown ? true : undefined}
          disabled={upload.isPending}
          onChange={(event) => {
            send([...(event.target.files ?? [])]);
            // The same file chosen again after a refusal still fires a change.
            event.target.value = '';
          }}
        />
        <p id={`${inputId}-hint`} className="field__description">
          Drop a PDF here or choose one — one file, at most {megabytes(MAX_RECEIPT_BYTES)}.
        </p>
        <CameraCapture
          isDisabled={upload.isPending}
          onPhoto={(file) => send([file])}
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
