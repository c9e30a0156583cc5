import type { AreaHandlers } from '../../handler';
import { fileContent, uploadFile } from './files';

export const fileHandlers: AreaHandlers<'file'> = {
  async upload(input, ctx) {
    return uploadFile(ctx, input);
  },

  async content(input, ctx) {
    return fileContent(ctx, input.fileId);
  },
};
