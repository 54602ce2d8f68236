import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/button';
import { captureFrame, jpegToPdf } from '../image-to-pdf';

type CameraState = 'off' | 'starting' | 'live' | 'taken';

export interface CameraCaptureProps {
  /** The photo, already wrapped in a one-page PDF, ready to upload as the receipt. */
  readonly onPhoto: (file: File) => void;
  /** Retake or Cancel: the photo taken before is no longer the receipt. */
  readonly onDiscard: () => void;
  readonly isDisabled?: boolean;
}

function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Receipt photo from the phone's camera (the back camera when there is one): Start camera, Take
 * photo, then Retake or Cancel. Every step is a button, so it works from the keyboard too.
 */
export function CameraCapture({ onPhoto, onDiscard, isDisabled }: CameraCaptureProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('off');
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Bumped by Cancel, so a start still under way does not turn the camera back on. */
  const attempt = useRef(0);

  const supported = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  useEffect(
    () => () => {
      stopStream(streamRef.current);
      streamRef.current = null;
    },
    [],
  );

  useEffect(
    () => () => {
      if (photoUrl) URL.revokeObjectURL(photoUrl);
    },
    [photoUrl],
  );

  const start = async () => {
    const mine = ++attempt.current;
    setProblem(null);
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      if (mine !== attempt.current) {
        stopStream(stream);
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      // Take photo is offered once the first frame is there.
      if (mine === attempt.current) setState('live');
    } catch {
      if (mine !== attempt.current) return;
      setState('off');
      setProblem(
        'The camera could not be started. Allow the camera in your browser, or upload a PDF instead.',
      );
    }
  };

  const stop = () => {
    stopStream(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  };

  const take = async () => {
    const video = videoRef.current;
    if (!video) return;
    try {
      const image = await captureFrame(video);
      stop();
      const pdf = jpegToPdf(image);
      setPhotoUrl(URL.createObjectURL(new Blob([image.bytes as BlobPart], { type: 'image/jpeg' })));
      setState('taken');
      const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
      onPhoto(new File([pdf], `receipt-photo-${stamp}.pdf`, { type: 'application/pdf' }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The photo could not be taken.');
    }
  };

  const cancel = () => {
    attempt.current += 1;
    stop();
    setPhotoUrl(null);
    setState('off');
    onDiscard();
  };

  const retake = () => {
    setPhotoUrl(null);
    onDiscard();
    void start();
  };

  if (!supported) return null;

  return (
    <div className="camera" role="group" aria-label="Camera">
      {state === 'live' || state === 'starting' ? (
        <video ref={videoRef} className="camera__preview" playsInline muted aria-label="Camera preview" />
      ) : null}
      {state === 'taken' && photoUrl ? (
        <img src={photoUrl} className="camera__preview" alt="The receipt photo" />
      ) : null}
      <div className="camera__actions">
        {state === 'off' ? (
          <Button variant="secondary" onPress={() => void start()} isDisabled={isDisabled}>
            Start camera
          </Button>
        ) : null}
        {state === 'live' || state === 'starting' ? (
          <Button onPress={() => void take()} isDisabled={state !== 'live'}>
            Take photo
          </Button>
        ) : null}
        {state === 'taken' ? (
          <Button variant="secondary" onPress={retake} isDisabled={isDisabled}>
            Retake
          </Button>
        ) : null}
        {state !== 'off' ? (
          <Button variant="ghost" onPress={cancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="field__error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
