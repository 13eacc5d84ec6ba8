-- Link thumbnails by image, so that serving an image file can tell whether it belongs to a deleted post.
create index posts_link_image_idx on posts (link_image_id) where link_image_id is not null;
