import { useId } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { useAuth } from '../../app/auth-context';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FileUpload } from '../../components/file-upload';
import { Spinner } from '../../components/ui/spinner';
import { documentSections, type BusinessDocument } from '../../../shared/documents';
import { clientOptionsQuery } from '../../lib/client-options';
import { ClientSelector } from '../../components/client-selector';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { adminDocumentsQuery, clientDocumentsQuery, uploadUrl, useRefreshDocuments, type DocumentRow } from './api';
import { DocumentList } from './document-list';

/** /documents: the six sections. Clients see their own; admins every client's (?client=<id> filters and picks whom to upload for). */
export function DocumentsPage() {
  useDocumentTitle('Business Documents');
  const { user, isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const clients = useQuery({ ...clientOptionsQuery(), enabled: isAdmin });
  const chosen = isAdmin ? params.get('client') || null : (user?.id ?? null);
  const ownQuery = useQuery({ ...clientDocumentsQuery(user?.id ?? ''), enabled: !isAdmin && !!user });
  const adminQuery = useQuery({ ...adminDocumentsQuery(chosen), enabled: isAdmin });
  const query = isAdmin ? adminQuery : ownQuery;
  const chosenName = isAdmin && chosen ? clients.data?.find((c) => c.id === chosen) : undefined;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Business Documents</h1>
          <p className="text-sm text-gray-600">
            {isAdmin ? 'Every client’s documents. Choose a client to see only theirs and to upload for them.' : 'Keep your company’s documents in one place, filed by section.'}
          </p>
        </div>
        {chosen && (
          <Button asChild variant="outline">
            <a href={`/api/clients/${encodeURIComponent(chosen)}/documents/archive`} download>
              <Download /> Download All Business Documents
            </a>
          </Button>
        )}
      </header>
      {isAdmin && <ClientSelector query={clients} value={chosen ?? ''} allOption="All clients" onChange={(id) => setParams(id ? { client: id } : {})} />}
      <DocumentSections
        query={query}
        uploadFor={chosen}
        uploadForName={isAdmin ? chosenName?.name || chosenName?.email : undefined}
        showClient={isAdmin}
      />
    </div>
  );
}

function DocumentSections({ query, uploadFor, uploadForName, showClient }: { query: UseQueryResult<DocumentRow[]>; uploadFor: string | null; uploadForName?: string; showClient: boolean }) {
  const refresh = useRefreshDocuments();
  const idPrefix = useId();
  if (query.isPending) {
    return (
      <div className="flex items-center justify-center gap-3 py-16 text-sm text-gray-600">
        <Spinner label="Loading documents" /> Loading documents...
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        Could not load the documents. {query.error.message}
        <Button size="sm" variant="outline" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {documentSections.map((section, i) => (
        <Card key={section.type} aria-labelledby={`${idPrefix}-section-${i}`} role="region">
          <CardHeader className="pb-4">
            <CardTitle id={`${idPrefix}-section-${i}`} className="text-lg">
              {section.title}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <FileUpload<{ document: BusinessDocument }>
              label={uploadForName ? `Upload for ${uploadForName}` : 'Upload a document'}
              url={uploadFor ? uploadUrl(uploadFor) : ''}
              fields={{ documentType: section.type }}
              disabled={!uploadFor}
              disabledReason="Choose a client above to upload for them."
              onUploaded={(body) => {
                toast.success(`${body.document.documentName} uploaded.`);
                void refresh(body.document.userId);
              }}
            />
            <DocumentList documents={query.data.filter((d) => d.documentType === section.type)} showClient={showClient} />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
