import { type ChangeEvent, useRef } from 'react';
import { type MyArtist, PORTFOLIO_LIMITS } from '../../../../contracts/artists.ts';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { UploadIcon } from '../../../components/ui/icons.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useRemovePicture, useUploadPicture } from '../api/my-artist.ts';

const MAX_MB = PORTFOLIO_LIMITS.maxBytes / (1024 * 1024);

/** Portfolio pictures: uploaded to our server, which shrinks them to small WebP copies for phones. */
export function PortfolioManager({ artist }: { artist: MyArtist }) {
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const toast = useToast();
  const online = useOnline();
  const input = useRef<HTMLInputElement>(null);
  const full = artist.portfolio.length >= PORTFOLIO_LIMITS.maxImages;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(PORTFOLIO_LIMITS.types as readonly string[]).includes(file.type)) {
      toast({
        title: t('Upload Failed'),
        description: t('Choose a JPEG, PNG or WebP picture.'),
        variant: 'destructive',
      });
      return;
    }
    if (file.size > PORTFOLIO_LIMITS.maxBytes) {
      toast({
        title: t('Upload Failed'),
        description: t('Pictures can be at most {MAX_MB} MB.', { MAX_MB }),
        variant: 'destructive',
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: () =>
        toast({ title: t('Picture Added'), description: t('It now shows on your profile.') }),
      onError: (error) =>
        toast({
          title: t('Upload Failed'),
          description: errorMessage(error, msg('Please try again.')),
          variant: 'destructive',
        }),
    });
  }

  return (
    <section className="card stack" aria-labelledby="portfolio-heading">
      <h2 id="portfolio-heading" className="section-subtitle">
        {t('Portfolio')}
      </h2>
      {artist.portfolio.length === 0 ? (
        <p className="muted">{t('No pictures yet. Clients book artists they can see.')}</p>
      ) : (
        <ul className="portfolio-grid">
          {artist.portfolio.map((picture, index) => (
            <li key={picture.id} className="portfolio-item">
              <img
                src={picture.url}
                alt={t('{stageName}, portfolio {number}', {
                  stageName: artist.stageName,
                  number: index + 1,
                })}
                width={200}
                height={150}
                loading="lazy"
              />
              <ConfirmButton
                disabled={remove.isPending || !online}
                title={t('Remove this picture?')}
                description={t('It is deleted from your portfolio for good.')}
                confirmLabel={t('Remove')}
                onConfirm={() => remove.mutate(picture.id)}
              >
                {t('Remove')}
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        type="file"
        accept={PORTFOLIO_LIMITS.types.join(',')}
        className="visually-hidden"
        aria-label={t('Choose a picture to upload')}
        onChange={choose}
        disabled={!online || full || upload.isPending}
      />
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!online || full || upload.isPending}
          onClick={() => input.current?.click()}
        >
          <UploadIcon size={16} /> {upload.isPending ? t('Uploading...') : t('Upload Images')}
        </button>
        <span className="hint">
          {!online
            ? t('Uploads need a connection.')
            : full
              ? t('At most {maxImages} pictures.', { maxImages: PORTFOLIO_LIMITS.maxImages })
              : t('JPEG, PNG or WebP up to {MAX_MB} MB.', { MAX_MB })}
        </span>
      </div>
    </section>
  );
}
