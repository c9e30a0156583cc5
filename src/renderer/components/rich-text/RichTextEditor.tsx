import { Spinner, makeStyles, mergeClasses, shorthands, tokens, typographyStyles } from '@fluentui/react-components';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { LexicalExtensionComposer } from '@lexical/react/LexicalExtensionComposer';
import { $insertNodes, HISTORY_MERGE_TAG } from 'lexical';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilePurpose } from '../../../shared/constants';
import { useBridge } from '../../bridge';
import { useNotify } from '../notify';
import { acceptOf, uploadProblem, uploadRefusal } from '../upload/upload-check';
import { richTextExtension, UNDERLINE_CLASS } from './extension';
import { $exportHtml } from './html';
import { $createImageNode } from './ImageNode';
import { RichTextToolbar } from './Toolbar';

export interface RichTextEditorProps {
  /** HTML the editor starts from; read at mount (remount with a React key to load another document). */
  initialHtml: string;
  /** The current HTML after each change; '' when the document is empty (no text, no image). */
  onChange: (html: string) => void;
  /** Accessible name of the editable area. */
  label: string;
  invalid?: boolean;
  disabled?: boolean;
  /** When set, the toolbar offers "insert image": uploaded through the files bridge with this purpose. */
  uploadPurpose?: FilePurpose;
  'data-testid'?: string;
}

const useStyles = makeStyles({
  frame: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': { ...shorthands.borderColor(tokens.colorCompoundBrandStroke) },
  },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2), ':focus-within': { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) } },
  disabled: { backgroundColor: tokens.colorNeutralBackgroundDisabled, ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled) },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  uploading: { paddingRight: tokens.spacingHorizontalS },
  content: {
    ...typographyStyles.body1,
    minHeight: '240px',
    maxHeight: '60vh',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground1,
    outlineStyle: 'none',
    '& p': { margin: `0 0 ${tokens.spacingVerticalS}` },
    '& h1': { ...typographyStyles.title2, margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalS}` },
    '& h2': { ...typographyStyles.title3, margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalS}` },
    '& h3': { ...typographyStyles.subtitle1, margin: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalXS}` },
    '& ul, & ol': { margin: `0 0 ${tokens.spacingVerticalS}`, paddingLeft: tokens.spacingHorizontalXXL },
    '& blockquote': {
      margin: `0 0 ${tokens.spacingVerticalS}`,
      paddingLeft: tokens.spacingHorizontalM,
      borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorNeutralStroke1}`,
      color: tokens.colorNeutralForeground2,
    },
    '& a': { color: tokens.colorBrandForegroundLink },
    [`& .${UNDERLINE_CLASS}`]: { textDecorationLine: 'underline' },
  },
});

/**
 * The console's rich-text editor (lexical): headings, bold/italic/underline, lists, quotes, links, stored
 * images, undo/redo. It speaks HTML both ways: what it exports it imports again unchanged, and HTML it did not
 * write loses whatever is not one of its nodes (scripts, frames, handlers, foreign images, unsafe links).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { initialHtml, disabled = false } = props;
  // Built once per mount: the composer makes a new editor whenever its extension changes.
  const [extension] = useState(() => richTextExtension(initialHtml, !disabled));
  return (
    <LexicalExtensionComposer extension={extension} contentEditable={null}>
      <EditorFrame {...props} />
    </LexicalExtensionComposer>
  );
}

export default RichTextEditor;

function EditorFrame({ onChange, label, invalid = false, disabled = false, uploadPurpose, 'data-testid': testId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [editor] = useLexicalComposerContext();
  const bridge = useBridge();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const reportChange = useRef(onChange);
  reportChange.current = onChange;

  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);

  useEffect(() => {
    let last: string | null = null;
    return editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
      // A selection move changes nothing, and loading the initial document is not an edit.
      if ((dirtyElements.size === 0 && dirtyLeaves.size === 0) || tags.has(HISTORY_MERGE_TAG)) return;
      const html = editor.read(() => $exportHtml(editor));
      if (html === last) return;
      last = html;
      reportChange.current(html);
    });
  }, [editor]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (!file || !uploadPurpose) return;
    const problem = uploadProblem(uploadPurpose, file.name, file.size);
    if (problem) {
      notify.warning(t(problem));
      return;
    }
    setUploading(true);
    const answer = await bridge.files.upload({ purpose: uploadPurpose, name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    setUploading(false);
    if (!answer.ok) {
      notify.error(uploadRefusal(answer.msg));
      return;
    }
    const alt = file.name.replace(/\.[^.]+$/, '');
    editor.update(() => $insertNodes([$createImageNode(answer.data.id, alt)]));
    editor.focus();
  };

  return (
    <div className={mergeClasses(styles.frame, invalid && styles.invalid, disabled && styles.disabled)} data-testid={testId}>
      <div className={styles.toolbar}>
        <RichTextToolbar disabled={disabled} imageBusy={uploading} onInsertImage={uploadPurpose ? () => input.current?.click() : undefined} />
        {uploading ? <Spinner className={styles.uploading} size="extra-tiny" labelPosition="after" label={t('richText.imageUploading')} /> : null}
      </div>
      {uploadPurpose ? (
        <input
          ref={input}
          hidden
          type="file"
          accept={acceptOf(uploadPurpose)}
          onChange={(event) => void pick(event)}
          disabled={disabled || uploading}
          aria-label={t('richText.image')}
          data-testid={testId && `${testId}-image-input`}
        />
      ) : null}
      <ContentEditable className={styles.content} aria-label={label} aria-invalid={invalid || undefined} aria-busy={uploading || undefined} data-testid={testId && `${testId}-content`} />
    </div>
  );
}
