import type { AreaHandlers } from '../../../server/handler';
import { addArticle, articleInfo, categoriesOfSystem, deleteArticles, listArticles, setArticleSwitch, updateArticle } from './articles';
import { publishedArticles, publishedFile } from './published';

export const informationHandlers: AreaHandlers<'information'> = {
  async list(input, ctx) {
    return listArticles(ctx, input);
  },

  async info(input, ctx) {
    return articleInfo(ctx, input.id);
  },

  async categories(input, ctx) {
    return categoriesOfSystem(ctx, input.systemCode);
  },

  async add(input, ctx) {
    const created = await addArticle(ctx, input);
    return { id: created.id };
  },

  async update(input, ctx) {
    const updated = await updateArticle(ctx, input);
    return { id: updated.id, version: updated.version };
  },

  async delete(input, ctx) {
    return deleteArticles(ctx, input.ids);
  },

  async display(input, ctx) {
    const updated = await setArticleSwitch(ctx, input.id, { display: input.display });
    return { id: updated.id, version: updated.version };
  },

  async top(input, ctx) {
    const updated = await setArticleSwitch(ctx, input.id, { top: input.top });
    return { id: updated.id, version: updated.version };
  },

  async published(input, ctx) {
    return publishedArticles(ctx, input);
  },

  async publishedFile(input, ctx) {
    return publishedFile(ctx, input);
  },
};
