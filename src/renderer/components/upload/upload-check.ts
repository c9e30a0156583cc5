import type { FilePurpose } from '../../../shared/constants';
import { FILE_RULES, fileExtensionOf } from '../../../shared/rules';
import type { RuleMessageKey } from '../../i18n/message-key';
import { splitFieldMessage } from '../form/record-form';

/**
 * A quick check before a file is sent, from the same rule the server applies: the name's extension and the
 * size. The server is the guard (it judges the type by the bytes); this only saves a pointless upload.
 */
export function uploadProblem(purpose: FilePurpose, name: string, size: number): RuleMessageKey | null {
  const rule = FILE_RULES[purpose];
  if (!rule.extensions.includes(fileExtensionOf(name))) return rule.typeMessage;
  if (size >= rule.maxBytes) return rule.sizeMessage;
  return null;
}

/** What a file picker offers for a purpose: `.jpg,.jpeg,.png`. */
export function acceptOf(purpose: FilePurpose): string {
  return FILE_RULES[purpose].extensions.map((extension) => `.${extension}`).join(',');
}

/** The server's refusal of an upload without the form field it names ('file: …'): the person picked a file, not a field. */
export function uploadRefusal(msg: string): string {
  return splitFieldMessage(msg)?.text ?? msg;
}
