import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FileUpload } from '../../components/file-upload';
import { Spinner } from '../../components/ui/spinner';
import { ShowMore, usePagedList, type PagedList } from '../../lib/paged-list';
import type { BusinessDocument, DocumentType } from '../../../shared/documents';
import { adminDocumentsQuery, clientDocumentsQuery, uploadUrl, useRefreshDocuments, type DocumentRow } from '../documents/api';
import { DocumentList } from '../documents/document-list';

const TYPE: DocumentType = 'Secret to Wealth Documents';

/** The Business Documents section 'Secret to Wealth Documents': the client uploads and sees theirs; admins see every client's. */
export function WealthDocuments({ clientId, isAdmin }: { clientId: string | null; isAdmin: boolean }) {
  const refresh = useRefreshDocuments();
  return (
    <Card role="region" aria-labelledby="wealth-documents-heading">
      <CardHeader>
        <CardTitle id="wealth-documents-heading" className="text-lg">
          Secret to Wealth Documents
        </CardTitle>
        <CardDescription>
          {isAdmin ? (
            <>
              Every client’s documents of this section. To upload for a client, choose them on{' '}
              <Link to="/documents" className="font-medium text-brand-800 underline underline-offset-2">
                Business Documents
              </Link>
              .
            </>
          ) : (
            'Keep the worksheets and notes you make while reading here. They are also listed under Business Documents.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!isAdmin && clientId && (
          <FileUpload<{ document: BusinessDocument }>
            label="Upload a document"
            url={uploadUrl(clientId)}
            fields={{ documentType: TYPE }}
            onUploaded={(body) => {
              toast.success(`${body.document.documentName} uploaded.`);
              void refresh(body.document.userId);
            }}
          />
        )}
        {isAdmin ? <AdminList /> : clientId && <ClientList clientId={clientId} />}
      </CardContent>
    </Card>
  );
}

const ClientList = ({ clientId }: { clientId: string }) => <DocumentsOf query={usePagedList(clientDocumentsQuery(clientId, TYPE))} showClient={false} />;
const AdminList = () => <DocumentsOf query={usePagedList(adminDocumentsQuery(null, TYPE))} showClient />;

function DocumentsOf({ query, showClient }: { query: PagedList<DocumentRow>; showClient: boolean }) {
  if (query.isPending || !query.data)
    return (
      <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
        <Spinner className="size-4" label="" /> Loading documents...
      </p>
    );
  if (query.isError)
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        Could not load the documents. {query.error?.message}
        <Button size="sm" variant="outline" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (showClient && query.data.length === 0) return <p className="rounded-md bg-gray-50 px-3 py-4 text-center text-sm text-gray-600">No client has uploaded a Secret to Wealth document yet.</p>;
  return (
    <>
      <DocumentList documents={query.data} showClient={showClient} />
      <ShowMore list={query} noun="documents" />
    </>
  );
}
