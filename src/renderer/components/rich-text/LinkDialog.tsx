import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { $createLinkNode, $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createTextNode, $getNodeByKey, $getSelection, $isRangeSelection, type NodeKey } from 'lexical';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowedLinkUrl } from './html';

/** The link the selection is in: the one the dialog edits or removes. */
export interface LinkTarget {
  key: NodeKey;
  url: string;
}

export interface LinkDialogProps {
  link: LinkTarget | null;
  onClose: () => void;
}

/**
 * Inserts, edits or removes a link. An address must be http, https or mailto: anything else (a `javascript:`
 * address, a relative path) is refused here with a message, and by the link plugin's own check underneath.
 */
export function LinkDialog({ link, onClose }: LinkDialogProps) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const [url, setUrl] = useState(link?.url ?? 'https://');
  const [refused, setRefused] = useState(false);

  const close = () => {
    onClose();
    editor.focus();
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (!isAllowedLinkUrl(address)) {
      setRefused(true);
      return;
    }
    editor.update(() => {
      const existing = link ? $getNodeByKey(link.key) : null;
      if ($isLinkNode(existing)) {
        existing.setURL(address);
        return;
      }
      const selection = $getSelection();
      if ($isRangeSelection(selection) && selection.isCollapsed()) {
        // Nothing selected: the address becomes the link's text.
        selection.insertNodes([$createLinkNode(address, { rel: 'noreferrer' }).append($createTextNode(address))]);
        return;
      }
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, address);
    });
    close();
  };

  const remove = () => {
    editor.update(() => {
      const existing = link ? $getNodeByKey(link.key) : null;
      if (!$isLinkNode(existing)) return;
      for (const child of existing.getChildren()) existing.insertBefore(child);
      existing.remove();
    });
    close();
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : close())}>
      <DialogSurface aria-label={t('richText.linkTitle')}>
        <form onSubmit={apply}>
          <DialogBody>
            <DialogTitle>{link ? t('richText.linkEdit') : t('richText.linkTitle')}</DialogTitle>
            <DialogContent>
              <Field label={t('richText.linkUrl')} hint={t('richText.linkHint')} validationMessage={refused ? t('richText.linkRefused') : undefined} validationState={refused ? 'error' : 'none'}>
                <Input
                  value={url}
                  onChange={(_, data) => {
                    setUrl(data.value);
                    setRefused(false);
                  }}
                  autoFocus
                  data-testid="rich-text-link-url"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              {link ? (
                <Button onClick={remove} data-testid="rich-text-link-remove">
                  {t('richText.linkRemove')}
                </Button>
              ) : null}
              <Button onClick={close}>{t('richText.cancel')}</Button>
              <Button appearance="primary" type="submit" data-testid="rich-text-link-apply">
                {t('richText.apply')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
