/** Messages of ratings; the score names are spec §3's (5 very good … 0 no rating yet). */
export const ratingMessages = {
  'rating.name.5': { zh: '非常好', en: 'very good' },
  'rating.name.4': { zh: '比较好', en: 'fairly good' },
  'rating.name.3': { zh: '一般', en: 'average' },
  'rating.name.2': { zh: '较差', en: 'so-so' },
  'rating.name.1': { zh: '非常差', en: 'very poor' },
  'rating.name.0': { zh: '暂无评价', en: 'no rating yet' },
  'rating.scoreInvalid': {
    zh: '评分须为 0 到 5 的整数',
    en: 'The rating must be a whole number from 0 to 5',
  },
  'rating.commentTooLong': {
    zh: '评价内容不能超过 200 个字',
    en: 'The comment must not be longer than 200 characters',
  },
  'rating.notPaid': {
    zh: '订单支付后才能评价',
    en: 'An order can be rated once it is paid',
  },
  'rating.forbidden': {
    zh: '只有下单人可以评价该订单',
    en: 'Only the person who created the order may rate it',
  },
  'rating.alreadyRated': {
    zh: '该订单已评价，每个订单只能评价一次',
    en: 'This order has already been rated; each order can be rated once',
  },
} as const;
