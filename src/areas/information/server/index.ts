import { answerKey, answerVersion, withField, withInput, type AreaHandlers } from '../../../server/handler';
import { addArticle, articleInfo, categoriesOfSystem, deleteArticles, listArticles, setArticleSwitch, updateArticle } from './articles';
import { publishedArticles, publishedFile } from './published';

export const informationHandlers: AreaHandlers<'information'> = {
  list: withInput(listArticles),
  info: withField('id', articleInfo),
  categories: withField('systemCode', categoriesOfSystem),
  add: answerKey('id', addArticle),
  update: answerVersion('id', updateArticle),
  delete: withField('ids', deleteArticles),
  display: answerVersion('id', (ctx, input: { id: number; display: number }) => setArticleSwitch(ctx, input.id, { display: input.display })),
  top: answerVersion('id', (ctx, input: { id: number; top: number }) => setArticleSwitch(ctx, input.id, { top: input.top })),
  published: withInput(publishedArticles),
  publishedFile: withInput(publishedFile),
};
