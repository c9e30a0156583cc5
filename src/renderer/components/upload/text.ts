import { featureText } from '../../i18n/feature-text';

/** The upload component's own text; the refusals are the shared rule messages (`validation.*`). */
export const uploadText = featureText({
  zh_CN: {
    'upload.pick': '上传图片',
    'upload.replace': '更换图片',
    'upload.remove': '移除',
    'upload.none': '未上传',
    'upload.uploading': '正在上传…',
    'upload.done': '上传成功',
  },
  en_US: {
    'upload.pick': 'Upload image',
    'upload.replace': 'Replace image',
    'upload.remove': 'Remove',
    'upload.none': 'No image',
    'upload.uploading': 'Uploading…',
    'upload.done': 'Uploaded',
  },
  de_DE: {
    'upload.pick': 'Bild hochladen',
    'upload.replace': 'Bild ersetzen',
    'upload.remove': 'Entfernen',
    'upload.none': 'Kein Bild',
    'upload.uploading': 'Wird hochgeladen…',
    'upload.done': 'Hochgeladen',
  },
  ko_KR: {
    'upload.pick': '이미지 업로드',
    'upload.replace': '이미지 바꾸기',
    'upload.remove': '제거',
    'upload.none': '이미지 없음',
    'upload.uploading': '업로드 중…',
    'upload.done': '업로드되었습니다',
  },
  ja_JP: {
    'upload.pick': '画像をアップロード',
    'upload.replace': '画像を差し替え',
    'upload.remove': '削除',
    'upload.none': '画像なし',
    'upload.uploading': 'アップロード中…',
    'upload.done': 'アップロードしました',
  },
});
