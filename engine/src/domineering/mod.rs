//! Domineering: boards, regions, shape keys, game values, the catalogue (issue 6; to be written).
