import { Image, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { $create, $getDocument, $getState, $setState, DecoratorNode, createState, type DOMConversionOutput, type DOMExportOutput, type LexicalNode } from 'lexical';
import type { JSX } from 'react';
import { fileApiUrl } from '../../../shared/contract/file';
import { unwrap, useBridge } from '../../bridge';

/** A stored file's id; 0 marks a node that names no file (it exports nothing). */
const fileIdState = createState('fileId', {
  parse: (value) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0),
});
const altState = createState('alt', { parse: (value) => (typeof value === 'string' ? value : '') });

/** The id of a stored file when `src` is exactly that file's API address, as the editor exports it; else null. */
export function fileIdOfApiUrl(src: string): number | null {
  const digits = /(\d+)$/.exec(src)?.[1];
  if (digits === undefined) return null;
  const fileId = Number(digits);
  return Number.isSafeInteger(fileId) && fileId > 0 && fileApiUrl(fileId) === src ? fileId : null;
}

function $convertImageElement(element: HTMLElement): DOMConversionOutput {
  const fileId = fileIdOfApiUrl(element.getAttribute('src') ?? '');
  // An image from anywhere else is not ours to show: it is dropped rather than fetched.
  return { node: fileId === null ? null : $createImageNode(fileId, element.getAttribute('alt') ?? '') };
}

/**
 * An image stored on the server, kept by its file id. It exports `<img src="/api/sys/file/<id>" alt>` (the
 * address the published article uses) and is shown in the editor through the files bridge, which gives the
 * window an address it can load without holding a token.
 */
export class ImageNode extends DecoratorNode<JSX.Element> {
  override $config() {
    return this.config('console-image', {
      extends: DecoratorNode,
      stateConfigs: [
        { stateConfig: fileIdState, flat: true },
        { stateConfig: altState, flat: true },
      ],
      importDOM: {
        img: () => ({ conversion: $convertImageElement, priority: 0 }),
      },
    });
  }

  getFileId(): number {
    return $getState(this, fileIdState);
  }

  getAlt(): string {
    return $getState(this, altState);
  }

  override createDOM(): HTMLElement {
    return $getDocument().createElement('span');
  }

  override updateDOM(): false {
    return false;
  }

  override exportDOM(): DOMExportOutput {
    const fileId = this.getFileId();
    if (fileId === 0) return { element: null };
    const element = $getDocument().createElement('img');
    element.setAttribute('src', fileApiUrl(fileId));
    element.setAttribute('alt', this.getAlt());
    return { element };
  }

  override isInline(): true {
    return true;
  }

  override getTextContent(): string {
    return '';
  }

  override decorate(): JSX.Element {
    return <StoredImage fileId={this.getFileId()} alt={this.getAlt()} />;
  }
}

export function $createImageNode(fileId: number, alt: string): ImageNode {
  return $setState($setState($create(ImageNode), fileIdState, fileId), altState, alt);
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}

const useStyles = makeStyles({
  image: { maxWidth: '100%', verticalAlign: 'bottom', borderRadius: tokens.borderRadiusSmall },
  // An image whose file cannot be read shows its description instead, struck through.
  missing: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
});

function StoredImage({ fileId, alt }: { fileId: number; alt: string }) {
  const styles = useStyles();
  const bridge = useBridge();
  const url = useQuery({ queryKey: ['files.url', fileId], queryFn: () => unwrap(bridge.files.url(fileId)), staleTime: Number.POSITIVE_INFINITY });
  if (url.isError) return <Text className={styles.missing}>{alt}</Text>;
  if (!url.data) return <Spinner size="tiny" aria-label={alt} />;
  return <Image className={styles.image} src={url.data.url} alt={alt} data-file-id={fileId} />;
}
