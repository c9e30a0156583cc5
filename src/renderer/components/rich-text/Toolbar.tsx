import { Toolbar, ToolbarButton, ToolbarDivider, ToolbarToggleButton, Tooltip } from '@fluentui/react-components';
import {
  ArrowRedo20Regular,
  ArrowUndo20Regular,
  ImageAdd20Regular,
  Link20Regular,
  TextBold20Regular,
  TextBulletListLtr20Regular,
  TextHeader120Regular,
  TextHeader220Regular,
  TextHeader320Regular,
  TextItalic20Regular,
  TextNumberListLtr20Regular,
  TextParagraph20Regular,
  TextQuote20Regular,
  TextUnderline20Regular,
} from '@fluentui/react-icons';
import { HistoryExtension } from '@lexical/history';
import { $isLinkNode } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useExtensionSignalValue } from '@lexical/react/useExtensionSignalValue';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $findMatchingParent } from '@lexical/utils';
import { $createParagraphNode, $getSelection, $isRangeSelection, $isRootOrShadowRoot, FORMAT_TEXT_COMMAND, REDO_COMMAND, UNDO_COMMAND, type LexicalNode, type TextFormatType } from 'lexical';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/message-key';
import { LinkDialog, type LinkTarget } from './LinkDialog';

/** The block kinds the toolbar sets; a list or quote is one too, so exactly one is pressed. */
export type BlockKind = 'paragraph' | 'h1' | 'h2' | 'h3' | 'bullet' | 'number' | 'quote';

interface SelectionState {
  block: BlockKind | null;
  formats: ReadonlySet<TextFormatType>;
  link: LinkTarget | null;
}

const NO_SELECTION: SelectionState = { block: null, formats: new Set(), link: null };
const FORMATS = ['bold', 'italic', 'underline'] as const satisfies readonly TextFormatType[];

function $blockOf(node: LexicalNode): BlockKind | null {
  const list = $findMatchingParent(node, $isListNode);
  if (list) return list.getListType() === 'number' ? 'number' : 'bullet';
  const top = $isRootOrShadowRoot(node) ? null : node.getTopLevelElement();
  if (top === null) return null;
  if ($isHeadingNode(top)) {
    const tag = top.getTag();
    return tag === 'h1' || tag === 'h2' || tag === 'h3' ? tag : null;
  }
  if ($isQuoteNode(top)) return 'quote';
  return top.getType() === 'paragraph' ? 'paragraph' : null;
}

function $readSelection(): SelectionState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return NO_SELECTION;
  const anchor = selection.anchor.getNode();
  const link = $findMatchingParent(anchor, $isLinkNode);
  return {
    block: $blockOf(anchor),
    formats: new Set(FORMATS.filter((format) => selection.hasFormat(format))),
    link: link ? { key: link.getKey(), url: link.getURL() } : null,
  };
}

interface ToolButtonProps {
  label: string;
  icon: ReactElement;
  onClick: () => void;
  disabled: boolean;
}

function ToolButton({ label, icon, onClick, disabled }: ToolButtonProps) {
  return (
    <Tooltip content={label} relationship="label" withArrow>
      <ToolbarButton icon={icon} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );
}

function ToggleButton({ label, icon, onClick, disabled, name, value }: ToolButtonProps & { name: string; value: string }) {
  return (
    <Tooltip content={label} relationship="label" withArrow>
      <ToolbarToggleButton name={name} value={value} icon={icon} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );
}

const BLOCKS: readonly { kind: BlockKind; label: MessageKey; icon: ReactElement }[] = [
  { kind: 'paragraph', label: 'richText.paragraph', icon: <TextParagraph20Regular /> },
  { kind: 'h1', label: 'richText.heading1', icon: <TextHeader120Regular /> },
  { kind: 'h2', label: 'richText.heading2', icon: <TextHeader220Regular /> },
  { kind: 'h3', label: 'richText.heading3', icon: <TextHeader320Regular /> },
];
const FORMAT_BUTTONS: readonly { format: (typeof FORMATS)[number]; label: MessageKey; icon: ReactElement }[] = [
  { format: 'bold', label: 'richText.bold', icon: <TextBold20Regular /> },
  { format: 'italic', label: 'richText.italic', icon: <TextItalic20Regular /> },
  { format: 'underline', label: 'richText.underline', icon: <TextUnderline20Regular /> },
];

export interface RichTextToolbarProps {
  disabled: boolean;
  /** When given, the toolbar offers "insert image", which calls this. */
  onInsertImage?: () => void;
  imageBusy: boolean;
}

/** The editor's toolbar: a Fluent toolbar (one tab stop, arrow keys between buttons) whose toggles show the selection's state. */
export function RichTextToolbar({ disabled, onInsertImage, imageBusy }: RichTextToolbarProps) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<SelectionState>(NO_SELECTION);
  const [linkOpen, setLinkOpen] = useState(false);
  const canUndo = useExtensionSignalValue(HistoryExtension, 'canUndo');
  const canRedo = useExtensionSignalValue(HistoryExtension, 'canRedo');

  useEffect(() => editor.registerUpdateListener(({ editorState }) => setState(editorState.read($readSelection, { editor }))), [editor]);

  const setBlock = useCallback(
    (kind: BlockKind) => {
      if (kind === 'bullet' || kind === 'number') {
        editor.dispatchCommand(state.block === kind ? REMOVE_LIST_COMMAND : kind === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
        return;
      }
      editor.update(() => {
        const selection = $getSelection();
        // Pressing the pressed quote again makes it a paragraph, as the lists do.
        const target = kind === 'quote' && state.block === 'quote' ? 'paragraph' : kind;
        $setBlocksType(selection, () => (target === 'paragraph' ? $createParagraphNode() : target === 'quote' ? $createQuoteNode() : $createHeadingNode(target)));
      });
    },
    [editor, state.block],
  );

  // The toggles show the selection's state; a click runs a command, and the state follows from the update.
  const checkedValues = { block: state.block ? [state.block] : [], format: [...state.formats], link: state.link ? ['link'] : [] };

  return (
    <>
      <Toolbar aria-label={t('richText.toolbar')} size="small" checkedValues={checkedValues}>
        {BLOCKS.map(({ kind, label, icon }) => (
          <ToggleButton key={kind} name="block" value={kind} label={t(label)} icon={icon} onClick={() => setBlock(kind)} disabled={disabled} />
        ))}
        <ToolbarDivider />
        {FORMAT_BUTTONS.map(({ format, label, icon }) => (
          <ToggleButton
            key={format}
            name="format"
            value={format}
            label={t(label)}
            icon={icon}

            onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}
            disabled={disabled}
          />
        ))}
        <ToolbarDivider />
        <ToggleButton name="block" value="bullet" label={t('richText.bulletList')} icon={<TextBulletListLtr20Regular />} onClick={() => setBlock('bullet')} disabled={disabled} />
        <ToggleButton name="block" value="number" label={t('richText.numberList')} icon={<TextNumberListLtr20Regular />} onClick={() => setBlock('number')} disabled={disabled} />
        <ToggleButton name="block" value="quote" label={t('richText.quote')} icon={<TextQuote20Regular />} onClick={() => setBlock('quote')} disabled={disabled} />
        <ToolbarDivider />
        <ToggleButton name="link" value="link" label={t('richText.link')} icon={<Link20Regular />} onClick={() => setLinkOpen(true)} disabled={disabled} />
        {onInsertImage ? <ToolButton label={t('richText.image')} icon={<ImageAdd20Regular />} onClick={onInsertImage} disabled={disabled || imageBusy} /> : null}
        <ToolbarDivider />
        <ToolButton label={t('richText.undo')} icon={<ArrowUndo20Regular />} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)} disabled={disabled || !canUndo} />
        <ToolButton label={t('richText.redo')} icon={<ArrowRedo20Regular />} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)} disabled={disabled || !canRedo} />
      </Toolbar>
      {linkOpen ? <LinkDialog link={state.link} onClose={() => setLinkOpen(false)} /> : null}
    </>
  );
}
