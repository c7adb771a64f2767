import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FileUpload } from '../../components/file-upload';
import { documentSections, type DocumentType } from '../../../shared/documents-rules';
import { usePagedList } from '../../lib/paged-list';
import { clientSummaryQuery } from '../../lib/client-options';
import { ClientSelector } from '../../components/client-selector';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { adminDocumentsQuery, archiveUrl, clientDocumentsQuery, documentUpload, useRefreshDocuments } from './api';
import { SectionList } from './section-list';
import { KindOptions } from './document-check';
import { PageHeader } from '../../components/page-header';

/** /documents: the six sections. Clients see their own; admins every client's (?client=<id> filters and picks whom to upload for). */
export function DocumentsPage() {
  useDocumentTitle('Business Documents');
  const { user, isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const chosen = isAdmin ? params.get('client') || null : (user?.id ?? null);
  const chosenName = useQuery({ ...clientSummaryQuery(chosen ?? ''), enabled: isAdmin && Boolean(chosen) }).data;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Business Documents"
        intro={
          isAdmin
            ? 'Every client’s documents. Choose a client to see only theirs and to upload for them.'
            : 'Keep your company’s documents in one place, filed by section.'
        }
        actions={
          chosen && (
            <Button asChild variant="outline">
              <a href={archiveUrl(chosen)} download>
                <Download /> Download All Business Documents
              </a>
            </Button>
          )
        }
      />
      {isAdmin && (
        <ClientSelector
          value={chosen ?? ''}
          allOption="All clients"
          onChange={(id) => setParams(id ? { client: id } : {})}
        />
      )}
      <DocumentSections
        ownerId={chosen}
        isAdmin={isAdmin}
        uploadFor={chosen}
        uploadForName={isAdmin ? chosenName?.name || chosenName?.email : undefined}
      />
    </div>
  );
}

function DocumentSections({
  ownerId,
  isAdmin,
  uploadFor,
  uploadForName,
}: {
  ownerId: string | null;
  isAdmin: boolean;
  uploadFor: string | null;
  uploadForName?: string;
}) {
  const idPrefix = useId();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {documentSections.map((section, i) => (
        // min-w-0: a grid item is otherwise as wide as its longest file name, and the name would not truncate.
        <Card key={section.type} aria-labelledby={`${idPrefix}-section-${i}`} role="region" className="min-w-0">
          <CardHeader className="pb-4">
            <CardTitle id={`${idPrefix}-section-${i}`} className="text-lg">
              {section.title}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <SectionUpload type={section.type} uploadFor={uploadFor} uploadForName={uploadForName} />
            {isAdmin ? (
              <AdminSection clientId={ownerId} type={section.type} />
            ) : (
              ownerId && <ClientSection clientId={ownerId} type={section.type} />
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function SectionUpload({
  type,
  uploadFor,
  uploadForName,
}: {
  type: DocumentType;
  uploadFor: string | null;
  uploadForName?: string;
}) {
  const refresh = useRefreshDocuments();
  const id = useId();
  const [kind, setKind] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={`${id}-kind`} className="text-gray-700">
          Type (for lenders)
        </label>
        <select
          id={`${id}-kind`}
          className="max-w-full rounded-md border border-gray-300 bg-white px-2 py-1 text-sm"
          value={kind}
          onChange={(e) => setKind(e.target.value)}
        >
          <KindOptions none="None" />
        </select>
      </div>
      <FileUpload
        label={uploadForName ? `Upload for ${uploadForName}` : 'Upload a document'}
        target={documentUpload(uploadFor ?? '')}
        fields={{ documentType: type, kind }}
        disabled={!uploadFor}
        disabledReason="Choose a client above to upload for them."
        onUploaded={(body) => {
          toast.success(`${body.document.documentName} uploaded.`);
          void refresh(body.document.userId);
        }}
      />
    </div>
  );
}

function ClientSection({ clientId, type }: { clientId: string; type: DocumentType }) {
  return <SectionList query={usePagedList(clientDocumentsQuery(clientId, type))} showClient={false} />;
}

function AdminSection({ clientId, type }: { clientId: string | null; type: DocumentType }) {
  return <SectionList query={usePagedList(adminDocumentsQuery(clientId, type))} showClient />;
}
