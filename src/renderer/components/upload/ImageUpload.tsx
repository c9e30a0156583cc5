import { Button, Image, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUpload20Regular, Delete20Regular, Image24Regular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilePurpose } from '../../../shared/constants';
import { unwrap, useBridge } from '../../bridge';
import { useNotify } from '../notify';
import { acceptOf, uploadProblem, uploadRefusal } from './upload-check';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  frame: {
    width: '240px',
    height: '150px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
  },
  image: { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  hidden: { display: 'none' },
});

export interface ImageUploadProps {
  purpose: FilePurpose;
  /** The stored file shown, or null. */
  fileId: number | null;
  onChange: (fileId: number | null) => void;
  /** Names the image for assistive technology and the buttons. */
  label: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * An image a form keeps by its stored file id: pick a file to upload (a quick check of its name and size
 * first; the server judges the bytes), see it, replace or remove it. The image comes through the bridge's
 * files.url, an address the window shows without holding a token.
 */
export function ImageUpload({ purpose, fileId, onChange, label, disabled = false, 'data-testid': testId }: ImageUploadProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const bridge = useBridge();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const url = useQuery({ queryKey: ['files.url', fileId], queryFn: () => unwrap(bridge.files.url(fileId!)), enabled: fileId !== null, staleTime: Number.POSITIVE_INFINITY });

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (!file) return;
    const problem = uploadProblem(purpose, file.name, file.size);
    if (problem) {
      notify.warning(t(problem));
      return;
    }
    setUploading(true);
    const answer = await bridge.files.upload({ purpose, name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    setUploading(false);
    if (!answer.ok) {
      notify.error(uploadRefusal(answer.msg));
      return;
    }
    notify.success(t('upload.done'));
    onChange(answer.data.id);
  };

  const shown = fileId !== null ? url.data?.url : undefined;
  return (
    <div className={styles.box} data-testid={testId}>
      <div className={styles.frame}>
        {uploading ? (
          <Spinner size="small" label={t('upload.uploading')} />
        ) : shown ? (
          <Image className={styles.image} src={shown} alt={label} data-testid={testId && `${testId}-image`} />
        ) : (
          <Text>
            <Image24Regular aria-hidden /> {t('upload.none')}
          </Text>
        )}
      </div>
      <div className={styles.actions}>
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          accept={acceptOf(purpose)}
          onChange={(event) => void pick(event)}
          disabled={disabled || uploading}
          aria-label={label}
          data-testid={testId && `${testId}-input`}
        />
        <Button icon={<ArrowUpload20Regular />} onClick={() => input.current?.click()} disabled={disabled || uploading} data-testid={testId && `${testId}-pick`}>
          {fileId === null ? t('upload.pick') : t('upload.replace')}
        </Button>
        {fileId !== null ? (
          <Button icon={<Delete20Regular />} appearance="subtle" onClick={() => onChange(null)} disabled={disabled || uploading} data-testid={testId && `${testId}-remove`}>
            {t('upload.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
