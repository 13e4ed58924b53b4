/** Ratings per item: how payers rated the service of each fee item (1–5 stars), and how many did. */
import type { RatingAverages } from '@cf/shared/wire/rating';
import { Flex, Rate, Table, Typography, type TableColumnsType } from 'antd';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { useRatingAverages } from '../api/get-rating-averages';

type Row = RatingAverages['items'][number];

export default function RatingsPage() {
  const { t, language } = useT();
  const averages = useRatingAverages();
  const columns: TableColumnsType<Row> = [
    {
      title: t('ratings.item'),
      key: 'name',
      render: (_, row) => <span data-user-data>{(language === 'en' && row.nameEn) || row.name}</span>,
    },
    {
      title: t('ratings.average'),
      dataIndex: 'average',
      sorter: (a, b) => (a.average ?? 0) - (b.average ?? 0),
      render: (average: number | null) =>
        average === null ? (
          <Typography.Text type="secondary">{t('ratings.none')}</Typography.Text>
        ) : (
          <Flex align="center" gap={8}>
            <Rate disabled allowHalf value={Math.round(average * 2) / 2} />
            <span>{average.toFixed(2)}</span>
          </Flex>
        ),
    },
    {
      title: t('ratings.count'),
      dataIndex: 'ratings',
      align: 'right',
      sorter: (a, b) => a.ratings - b.ratings,
    },
  ];
  return (
    <Page title={t('ratings.heading')}>
      <Table<Row>
        rowKey={(row) => `${row.feeItemId ?? 'none'}-${row.name}`}
        data-testid="ratings-table"
        columns={columns}
        dataSource={averages.data?.items}
        loading={averages.isFetching}
        pagination={false}
      />
    </Page>
  );
}
