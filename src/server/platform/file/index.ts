import { withField, withInput, type AreaHandlers } from '../../handler';
import { fileContent, uploadFile } from './files';

export const fileHandlers: AreaHandlers<'file'> = {
  upload: withInput(uploadFile),
  content: withField('fileId', fileContent),
};
