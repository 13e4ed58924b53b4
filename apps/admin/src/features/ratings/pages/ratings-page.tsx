/**
 * Ratings: how payers rated the service of each fee item (1–5 stars) and how many did, then the ratings
 * themselves with what payers wrote, searched by item, score, days and "with a comment", and exported.
 * "Read ratings" on an item's row searches that item.
 */
import type { RatingAverages, RatingEntry, RatingSearch } from '@cf/shared/wire/rating';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  Rate,
  Select,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { countColumn, Cut, dateColumn, labelColumn, textColumn } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { ExportButton, SearchButtons } from '@admin/components/search-export';
import { useT } from '@admin/lib/i18n/use-t';
import { serverPagination } from '@admin/lib/use-paging';
import { useRatingAverages } from '../api/get-rating-averages';
import { exportRatings, useRatings } from '../api/list-ratings';

type Row = RatingAverages['items'][number];

interface FormValues {
  item?: string;
  score?: string;
  commented?: boolean;
  days?: [{ format(p: string): string }, { format(p: string): string }] | null;
}

const SCORES = ['5', '4', '3', '2', '1', '0'] as const;

export default function RatingsPage() {
  const { t, language } = useT();
  const averages = useRatingAverages();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<RatingSearch>({});
  const [page, setPage] = useState({ current: 1, size: 20 });
  const ratings = useRatings(search, page.current, page.size);
  const apply = ({ item, score, commented, days }: FormValues) => {
    setSearch({
      item: item?.trim() || undefined,
      score: (score as RatingSearch['score']) || undefined,
      commented: commented ? 'true' : undefined,
      from: days?.[0]?.format('YYYY-MM-DD'),
      to: days?.[1]?.format('YYYY-MM-DD'),
    });
    setPage({ ...page, current: 1 });
  };
  const itemName = (row: Row) => (language === 'en' && row.nameEn) || row.name;
  const readItem = (row: Row) => {
    form.setFieldsValue({ item: itemName(row) });
    apply({ ...form.getFieldsValue(), item: itemName(row) });
    document.getElementById('rating-list')?.scrollIntoView({ behavior: 'smooth' });
  };
  const scoreOptions = [
    { value: '', label: t('ratings.anyScore') },
    ...SCORES.map((s) => ({ value: s, label: s === '0' ? t('ratings.none') : '★'.repeat(Number(s)) })),
  ];

  const averageColumns: TableColumnsType<Row> = [
    textColumn({ title: t('ratings.item'), key: 'name', text: itemName, userData: true }),
    labelColumn({
      title: t('ratings.average'),
      dataIndex: 'average',
      sorter: (a, b) => (a.average ?? 0) - (b.average ?? 0),
      render: (average: number | null) =>
        average === null ? (
          <Typography.Text type="secondary">{t('ratings.none')}</Typography.Text>
        ) : (
          <Flex align="center" gap={8}>
            <Rate disabled allowHalf value={Math.round(average * 2) / 2} />
            <span className="cf-id">{average.toFixed(2)}</span>
          </Flex>
        ),
    }),
    countColumn({
      title: t('ratings.count'),
      dataIndex: 'ratings',
      sorter: (a, b) => a.ratings - b.ratings,
    }),
    labelColumn({
      title: '',
      key: 'read',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => readItem(row)} data-testid="ratings-read">
          {t('ratings.readComments')}
        </Button>
      ),
    }),
  ];

  // The time and the order number never wrap, the item sits under its order, the comment takes the
  // rest and is read whole (what payers wrote is what this list is for).
  const listColumns: TableColumnsType<RatingEntry> = [
    dateColumn({ title: t('ratings.time'), dataIndex: 'createdAt' }),
    textColumn({
      title: t('ratings.order'),
      dataIndex: 'orderNo',
      render: (v: string, r) => (
        <>
          <Typography.Text copyable className="cf-id">
            {v}
          </Typography.Text>
          <Cut text={language === 'en' ? r.itemsEn : r.items} userData secondary />
        </>
      ),
    }),
    labelColumn({
      title: t('ratings.score'),
      dataIndex: 'score',
      render: (score: number, r) => (
        <Flex vertical>
          <Rate disabled value={score} style={{ fontSize: 12 }} />
          <span>{r.scoreName}</span>
        </Flex>
      ),
    }),
    {
      title: t('ratings.comment'),
      dataIndex: 'comment',
      render: (c: string) =>
        c ? (
          <span
            data-user-data
            data-testid="rating-comment"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {c}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('ratings.noComment')}</Typography.Text>
        ),
    },
  ];

  return (
    <Page title={t('ratings.heading')}>
      <Card title={t('ratings.averagesHeading')} size="small" style={{ marginBottom: 16 }}>
        <Table<Row>
          rowKey={(row) => `${row.feeItemId ?? 'none'}-${row.name}`}
          data-testid="ratings-table"
          columns={averageColumns}
          dataSource={averages.data?.items}
          loading={averages.isFetching}
          pagination={false}
          size="small"
        />
      </Card>
      <Card
        id="rating-list"
        title={t('ratings.listHeading')}
        size="small"
        extra={
          <ExportButton
            onExport={() => exportRatings(search)}
            label={t('ratings.export')}
            testId="ratings-export"
          />
        }
      >
        <Form<FormValues>
          form={form}
          layout="inline"
          onFinish={apply}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          <Form.Item name="item" label={t('ratings.item')}>
            <Input allowClear maxLength={64} style={{ width: 180 }} data-testid="ratings-item" />
          </Form.Item>
          <Form.Item name="score" label={t('ratings.score')} initialValue="">
            <Select options={scoreOptions} style={{ width: 140 }} data-testid="ratings-score" />
          </Form.Item>
          <Form.Item name="days" label={t('ratings.days')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="commented" valuePropName="checked">
            <Checkbox data-testid="ratings-commented">{t('ratings.commentedOnly')}</Checkbox>
          </Form.Item>
          <SearchButtons onReset={() => setSearch({})} testId="ratings-search" />
        </Form>
        <Table<RatingEntry>
          rowKey="id"
          data-testid="rating-list"
          loading={ratings.isFetching}
          dataSource={ratings.data?.records}
          columns={listColumns}
          size="small"
          pagination={serverPagination(page, ratings.data?.total, (current, size) =>
            setPage({ current, size }),
          )}
        />
      </Card>
    </Page>
  );
}
