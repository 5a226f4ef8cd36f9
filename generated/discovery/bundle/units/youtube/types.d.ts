/** Input of youtube_commentThreads_list. */
export type YoutubeCommentThreadsListInput = {
    /** Query parameters. */
    query: {
        /** The part parameter specifies the commentThread resource parts that the API response will include. Supported values are id, snippet and replies. */
        part: string;
        /** The allThreadsRelatedToChannelId parameter instructs the API to return the comment threads of all videos of the channel and the channel comments as well. */
        allThreadsRelatedToChannelId?: string;
        /** The channelId parameter instructs the API to return the comment threads for all the channel comments (not including comments left on videos). */
        channelId?: string;
        /** The id parameter specifies a comma-separated list of comment thread IDs for the resources that should be retrieved. */
        id?: string;
        /**
         * The maxResults parameter specifies the maximum number of items that should be returned in the result set.
         *
         * Note: This parameter is not supported for use in conjunction with the id parameter.
         * @default 20
         */
        maxResults?: number;
        /**
         * Set this parameter to limit the returned comment threads to a particular moderation state.
         *
         * Note: This parameter is not supported for use in conjunction with the id parameter.
         * @default "published"
         */
        moderationStatus?: "heldForReview" | "likelySpam" | "published";
        /**
         * The order parameter specifies the order in which the API response should list comment threads. Valid values are:
         * - time - Comment threads are ordered by time. This is the default behavior.
         * - relevance - Comment threads are ordered by relevance.Note: This parameter is not supported for use in conjunction with the id parameter.
         * @default "true"
         */
        order?: "relevance" | "time";
        /**
         * The pageToken parameter identifies a specific page in the result set that should be returned. In an API response, the nextPageToken property identifies the next page of the result that can be retrieved.
         *
         * Note: This parameter is not supported for use in conjunction with the id parameter.
         */
        pageToken?: string;
        /**
         * The searchTerms parameter instructs the API to limit the returned comments to those which contain the specified search terms.
         *
         * Note: This parameter is not supported for use in conjunction with the id parameter.
         */
        searchTerms?: string;
        /**
         * Set this parameter's value to html or plainText to instruct the API to return the comments left by users in html formatted or in plain text.
         * @default "FORMAT_HTML"
         */
        textFormat?: "html" | "plainText";
        /** The videoId parameter instructs the API to return the comment threads for the video specified by the video id. */
        videoId?: string;
    };
};
/** Result of youtube_commentThreads_list. */
export type YoutubeCommentThreadsListOutput = YoutubeCommentThreadsListOutput_CommentThreadListResponse;
export type YoutubeCommentThreadsListOutput_CommentThreadListResponse = {
    /** Etag of this resource. */
    etag?: string;
    /** Serialized EventId of the request which produced this response. */
    eventId?: string;
    /** A list of comment threads that match the request criteria. */
    items?: Array<YoutubeCommentThreadsListOutput_CommentThread>;
    /**
     * Identifies what kind of resource this is. Value: the fixed string "youtube#commentThreadListResponse".
     * @default "youtube#commentThreadListResponse"
     */
    kind?: string;
    /** The token that can be used as the value of the pageToken parameter to retrieve the next page in the result set. */
    nextPageToken?: string;
    pageInfo?: YoutubeCommentThreadsListOutput_PageInfo;
    tokenPagination?: YoutubeCommentThreadsListOutput_TokenPagination;
    /** The visitorId identifies the visitor. */
    visitorId?: string;
};
/** A comment thread represents information that applies to a top level comment and all its replies. It can also include the top level comment itself and some of the replies. */
export type YoutubeCommentThreadsListOutput_CommentThread = {
    /** Etag of this resource. */
    etag?: string;
    /** The ID that YouTube uses to uniquely identify the comment thread. */
    id?: string;
    /**
     * Identifies what kind of resource this is. Value: the fixed string "youtube#commentThread".
     * @default "youtube#commentThread"
     */
    kind?: string;
    /** The replies object contains a limited number of replies (if any) to the top level comment found in the snippet. */
    replies?: YoutubeCommentThreadsListOutput_CommentThreadReplies;
    /** The snippet object contains basic details about the comment thread and also the top level comment. */
    snippet?: YoutubeCommentThreadsListOutput_CommentThreadSnippet;
};
/** Comments written in (direct or indirect) reply to the top level comment. */
export type YoutubeCommentThreadsListOutput_CommentThreadReplies = {
    /** A limited number of replies. Unless the number of replies returned equals total_reply_count in the snippet the returned replies are only a subset of the total number of replies. */
    comments?: Array<YoutubeCommentThreadsListOutput_Comment>;
};
/** A comment represents a single YouTube comment. */
export type YoutubeCommentThreadsListOutput_Comment = {
    /** Etag of this resource. */
    etag?: string;
    /** The ID that YouTube uses to uniquely identify the comment. */
    id?: string;
    /**
     * Identifies what kind of resource this is. Value: the fixed string "youtube#comment".
     * @default "youtube#comment"
     */
    kind?: string;
    /** The snippet object contains basic details about the comment. */
    snippet?: YoutubeCommentThreadsListOutput_CommentSnippet;
};
/** Basic details about a comment, such as its author and text. */
export type YoutubeCommentThreadsListOutput_CommentSnippet = {
    /** The id of the author's YouTube channel, if any. */
    authorChannelId?: YoutubeCommentThreadsListOutput_ChannelId;
    /** Link to the author's YouTube channel, if any. */
    authorChannelUrl?: string;
    /** The name of the user who posted the comment. */
    authorDisplayName?: string;
    /** Link to the author's Google+ profile, if any. */
    authorGoogleplusProfileUrl?: string;
    /** The URL for the avatar of the user who posted the comment. */
    authorProfileImageUrl?: string;
    /** Whether the current viewer can rate this comment. */
    canRate?: boolean;
    /** The id of the corresponding YouTube channel. In case of a channel comment this is the channel the comment refers to. In case of a video comment it's the video's channel. */
    channelId?: string;
    /** The total number of likes this comment has received. */
    likeCount?: number;
    /** The comment's moderation status. Will not be set if the comments were requested through the id filter. */
    moderationStatus?: "heldForReview" | "likelySpam" | "published" | "rejected";
    /** The unique id of the parent comment, only set for replies. */
    parentId?: string;
    /** The date and time when the comment was orignally published. The value is specified in ISO 8601 (YYYY-MM-DDThh:mm:ss.sZ) format. */
    publishedAt?: string;
    /** The comment's text. The format is either plain text or HTML dependent on what has been requested. Even the plain text representation may differ from the text originally posted in that it may replace video links with video titles etc. */
    textDisplay?: string;
    /** The comment's original raw text as initially posted or last updated. The original text will only be returned if it is accessible to the viewer, which is only guaranteed if the viewer is the comment's author. */
    textOriginal?: string;
    /** The date and time when was last updated . The value is specified in ISO 8601 (YYYY-MM-DDThh:mm:ss.sZ) format. */
    updatedAt?: string;
    /** The ID of the video the comment refers to, if any. */
    videoId?: string;
    /** The rating the viewer has given to this comment. For the time being this will never return RATE_TYPE_DISLIKE and instead return RATE_TYPE_NONE. This may change in the future. */
    viewerRating?: "dislike" | "like" | "none" | "unspecified";
};
export type YoutubeCommentThreadsListOutput_ChannelId = {
    value?: string;
};
/** Basic details about a comment thread. */
export type YoutubeCommentThreadsListOutput_CommentThreadSnippet = {
    /** Whether the current viewer of the thread can reply to it. This is viewer specific - other viewers may see a different value for this field. */
    canReply?: boolean;
    /** The YouTube channel the comments in the thread refer to or the channel with the video the comments refer to. If video_id isn't set the comments refer to the channel itself. */
    channelId?: string;
    /** Whether the thread (and therefore all its comments) is visible to all YouTube users. */
    isPublic?: boolean;
    /** The top level comment of this thread. */
    topLevelComment?: YoutubeCommentThreadsListOutput_Comment;
    /** The total number of replies (not including the top level comment). */
    totalReplyCount?: number;
    /** The ID of the video the comments refer to, if any. No video_id implies a channel discussion comment. */
    videoId?: string;
};
/** Paging details for lists of resources, including total number of items available and number of resources returned in a single page. */
export type YoutubeCommentThreadsListOutput_PageInfo = {
    /** The number of results included in the API response. */
    resultsPerPage?: number;
    /** The total number of results in the result set. */
    totalResults?: number;
};
/** Stub token pagination template to suppress results. */
export type YoutubeCommentThreadsListOutput_TokenPagination = {
    [key: string]: unknown;
};
/** Input of youtube_videos_getRating. */
export type YoutubeVideosGetRatingInput = {
    /** Query parameters. */
    query: {
        /** The id parameter specifies a comma-separated list of the YouTube video ID(s) for the resource(s) for which you are retrieving rating data. In a video resource, the id property specifies the video's ID. */
        id: string;
        /**
         * Note: This parameter is intended exclusively for YouTube content partners.
         *
         * The onBehalfOfContentOwner parameter indicates that the request's authorization credentials identify a YouTube CMS user who is acting on behalf of the content owner specified in the parameter value. This parameter is intended for YouTube content partners that own and manage many different YouTube channels. It allows content owners to authenticate once and get access to all their video and channel data, without having to provide authentication credentials for each individual channel. The CMS account that the user authenticates with must be linked to the specified YouTube content owner.
         */
        onBehalfOfContentOwner?: string;
    };
};
/** Result of youtube_videos_getRating. */
export type YoutubeVideosGetRatingOutput = YoutubeVideosGetRatingOutput_VideoGetRatingResponse;
export type YoutubeVideosGetRatingOutput_VideoGetRatingResponse = {
    /** Etag of this resource. */
    etag?: string;
    /** Serialized EventId of the request which produced this response. */
    eventId?: string;
    /** A list of ratings that match the request criteria. */
    items?: Array<YoutubeVideosGetRatingOutput_VideoRating>;
    /**
     * Identifies what kind of resource this is. Value: the fixed string "youtube#videoGetRatingResponse".
     * @default "youtube#videoGetRatingResponse"
     */
    kind?: string;
    /** The visitorId identifies the visitor. */
    visitorId?: string;
};
export type YoutubeVideosGetRatingOutput_VideoRating = {
    rating?: "dislike" | "like" | "none" | "unspecified";
    videoId?: string;
};
/** Input of youtube_videos_list. */
export type YoutubeVideosListInput = {
    /** Query parameters. */
    query: {
        /**
         * The part parameter specifies a comma-separated list of one or more video resource properties that the API response will include. The part names that you can include in the parameter value are id, snippet, contentDetails, fileDetails, liveStreamingDetails, localizations, player, processingDetails, recordingDetails, statistics, status, suggestions, and topicDetails.
         *
         * If the parameter identifies a property that contains child properties, the child properties will be included in the response. For example, in a video resource, the snippet property contains the channelId, title, description, tags, and categoryId properties. As such, if you set part=snippet, the API response will contain all of those properties.
         */
        part: string;
        /** The chart parameter identifies the chart that you want to retrieve. */
        chart?: "mostPopular";
        /** The debugProjectIdOverride parameter should be used for mimicking a request for a certain project ID */
        debugProjectIdOverride?: string;
        /** The hl parameter instructs the API to return a localized version of the video details. If localized text is nor available for the requested language, the localizations object in the API response will contain the requested information in the default language instead. The parameter value is a BCP-47 language code. Your application can determine whether the requested localization was returned by checking the value of the snippet.localized.language property in the API response. */
        hl?: string;
        /** The id parameter specifies a comma-separated list of the YouTube video ID(s) for the resource(s) that are being retrieved. In a video resource, the id property specifies the video's ID. */
        id?: string;
        /** DEPRECATED */
        locale?: string;
        /**
         * The maxResults parameter specifies the maximum number of items that should be returned in the result set.
         *
         * Note: This parameter is supported for use in conjunction with the myRating parameter, but it is not supported for use in conjunction with the id parameter.
         * @default 5
         */
        maxResults?: number;
        /** Set this parameter's value to like or dislike to instruct the API to only return videos liked or disliked by the authenticated user. */
        myRating?: "dislike" | "like";
        /**
         * Note: This parameter is intended exclusively for YouTube content partners.
         *
         * The onBehalfOfContentOwner parameter indicates that the request's authorization credentials identify a YouTube CMS user who is acting on behalf of the content owner specified in the parameter value. This parameter is intended for YouTube content partners that own and manage many different YouTube channels. It allows content owners to authenticate once and get access to all their video and channel data, without having to provide authentication credentials for each individual channel. The CMS account that the user authenticates with must be linked to the specified YouTube content owner.
         */
        onBehalfOfContentOwner?: string;
        /**
         * The pageToken parameter identifies a specific page in the result set that should be returned. In an API response, the nextPageToken and prevPageToken properties identify other pages that could be retrieved.
         *
         * Note: This parameter is supported for use in conjunction with the myRating parameter, but it is not supported for use in conjunction with the id parameter.
         */
        pageToken?: string;
        /** The regionCode parameter instructs the API to select a video chart available in the specified region. This parameter can only be used in conjunction with the chart parameter. The parameter value is an ISO 3166-1 alpha-2 country code. */
        regionCode?: string;
        /**
         * The videoCategoryId parameter identifies the video category for which the chart should be retrieved. This parameter can only be used in conjunction with the chart parameter. By default, charts are not restricted to a particular category.
         * @default "0"
         */
        videoCategoryId?: string;
    };
};
/** Result of youtube_videos_list. */
export type YoutubeVideosListOutput = YoutubeVideosListOutput_VideoListResponse;
export type YoutubeVideosListOutput_VideoListResponse = {
    /** Etag of this resource. */
    etag?: string;
    /** Serialized EventId of the request which produced this response. */
    eventId?: string;
    /** A list of videos that match the request criteria. */
    items?: Array<YoutubeVideosListOutput_Video>;
    /**
     * Identifies what kind of resource this is. Value: the fixed string "youtube#videoListResponse".
     * @default "youtube#videoListResponse"
     */
    kind?: string;
    /** The token that can be used as the value of the pageToken parameter to retrieve the next page in the result set. */
    nextPageToken?: string;
    pageInfo?: YoutubeVideosListOutput_PageInfo;
    /** The token that can be used as the value of the pageToken parameter to retrieve the previous page in the result set. */
    prevPageToken?: string;
    tokenPagination?: YoutubeVideosListOutput_TokenPagination;
    /** The visitorId identifies the visitor. */
    visitorId?: string;
};
/** A video resource represents a YouTube video. */
export type YoutubeVideosListOutput_Video = {
    /** Age restriction details related to a video. */
    ageGating?: YoutubeVideosListOutput_VideoAgeGating;
    /** The contentDetails object contains information about the video content, including the length of the video and its aspect ratio. */
    contentDetails?: YoutubeVideosListOutput_VideoContentDetails;
    /** The conversionPings object encapsulates information about url pings that need to be respected by the App in different video contexts. */
    conversionPings?: YoutubeVideosListOutput_VideoConversionPings;
    /** Etag of this resource. */
    etag?: string;
    /** The fileDetails object encapsulates information about the video file that was uploaded to YouTube, including the file's resolution, duration, audio and video codecs, stream bitrates, and more. This data can only be retrieved by the video owner. */
    fileDetails?: YoutubeVideosListOutput_VideoFileDetails;
    /** The ID that YouTube uses to uniquely identify the video. */
    id?: string;
    /**
     * Identifies what kind of resource this is. Value: the fixed string "youtube#video".
     * @default "youtube#video"
     */
    kind?: string;
    /** The liveStreamingDetails object contains metadata about a live video broadcast. The object will only be present in a video resource if the video is an upcoming, live, or completed live broadcast. */
    liveStreamingDetails?: YoutubeVideosListOutput_VideoLiveStreamingDetails;
    /** List with all localizations. */
    localizations?: {
        [key: string]: YoutubeVideosListOutput_VideoLocalization;
    };
    /** The monetizationDetails object encapsulates information about the monetization status of the video. */
    monetizationDetails?: YoutubeVideosListOutput_VideoMonetizationDetails;
    /** The player object contains information that you would use to play the video in an embedded player. */
    player?: YoutubeVideosListOutput_VideoPlayer;
    /**
     * The processingProgress object encapsulates information about YouTube's progress in processing the uploaded video file. The properties in the object identify the current processing status and an estimate of the time remaining until YouTube finishes processing the video. This part also indicates whether different types of data or content, such as file details or thumbnail images, are available for the video.
     *
     * The processingProgress object is designed to be polled so that the video uploaded can track the progress that YouTube has made in processing the uploaded video file. This data can only be retrieved by the video owner.
     */
    processingDetails?: YoutubeVideosListOutput_VideoProcessingDetails;
    /** The projectDetails object contains information about the project specific video metadata. */
    projectDetails?: YoutubeVideosListOutput_VideoProjectDetails;
    /** The recordingDetails object encapsulates information about the location, date and address where the video was recorded. */
    recordingDetails?: YoutubeVideosListOutput_VideoRecordingDetails;
    /** The snippet object contains basic details about the video, such as its title, description, and category. */
    snippet?: YoutubeVideosListOutput_VideoSnippet;
    /** The statistics object contains statistics about the video. */
    statistics?: YoutubeVideosListOutput_VideoStatistics;
    /** The status object contains information about the video's uploading, processing, and privacy statuses. */
    status?: YoutubeVideosListOutput_VideoStatus;
    /** The suggestions object encapsulates suggestions that identify opportunities to improve the video quality or the metadata for the uploaded video. This data can only be retrieved by the video owner. */
    suggestions?: YoutubeVideosListOutput_VideoSuggestions;
    /** The topicDetails object encapsulates information about Freebase topics associated with the video. */
    topicDetails?: YoutubeVideosListOutput_VideoTopicDetails;
};
export type YoutubeVideosListOutput_VideoAgeGating = {
    /** Indicates whether or not the video has alcoholic beverage content. Only users of legal purchasing age in a particular country, as identified by ICAP, can view the content. */
    alcoholContent?: boolean;
    /** Age-restricted trailers. For redband trailers and adult-rated video-games. Only users aged 18+ can view the content. The the field is true the content is restricted to viewers aged 18+. Otherwise The field won't be present. */
    restricted?: boolean;
    /** Video game rating, if any. */
    videoGameRating?: "anyone" | "m15Plus" | "m16Plus" | "m17Plus";
};
/** Details about the content of a YouTube Video. */
export type YoutubeVideosListOutput_VideoContentDetails = {
    /** The value of captions indicates whether the video has captions or not. */
    caption?: "false" | "true";
    /** Specifies the ratings that the video received under various rating schemes. */
    contentRating?: YoutubeVideosListOutput_ContentRating;
    /** The countryRestriction object contains information about the countries where a video is (or is not) viewable. */
    countryRestriction?: YoutubeVideosListOutput_AccessPolicy;
    /** The value of definition indicates whether the video is available in high definition or only in standard definition. */
    definition?: "hd" | "sd";
    /** The value of dimension indicates whether the video is available in 3D or in 2D. */
    dimension?: string;
    /** The length of the video. The tag value is an ISO 8601 duration in the format PT#M#S, in which the letters PT indicate that the value specifies a period of time, and the letters M and S refer to length in minutes and seconds, respectively. The # characters preceding the M and S letters are both integers that specify the number of minutes (or seconds) of the video. For example, a value of PT15M51S indicates that the video is 15 minutes and 51 seconds long. */
    duration?: string;
    /** The value of is_license_content indicates whether the video is licensed content. */
    licensedContent?: boolean;
    /** The regionRestriction object contains information about the countries where a video is (or is not) viewable. The object will contain either the contentDetails.regionRestriction.allowed property or the contentDetails.regionRestriction.blocked property. */
    regionRestriction?: YoutubeVideosListOutput_VideoContentDetailsRegionRestriction;
};
/** Ratings schemes. The country-specific ratings are mostly for movies and shows. NEXT_ID: 65 */
export type YoutubeVideosListOutput_ContentRating = {
    /** Rating system in Australia - Australian Classification Board */
    acbRating?: "acbC" | "acbE" | "acbG" | "acbM" | "acbMa15plus" | "acbP" | "acbPg" | "acbR18plus" | "acbUnrated";
    /** Rating system for Italy - Autorit� per le Garanzie nelle Comunicazioni */
    agcomRating?: "agcomT" | "agcomUnrated" | "agcomVm14" | "agcomVm18";
    /** Rating system for Chile - Asociaci�n Nacional de Televisi�n */
    anatelRating?: "anatelA" | "anatelF" | "anatelI" | "anatelI10" | "anatelI12" | "anatelI7" | "anatelR" | "anatelUnrated";
    /** British Board of Film Classification */
    bbfcRating?: "bbfc12" | "bbfc12a" | "bbfc15" | "bbfc18" | "bbfcPg" | "bbfcR18" | "bbfcU" | "bbfcUnrated";
    /** Rating system for Thailand - Board of Filmand Video Censors */
    bfvcRating?: "bfvc13" | "bfvc15" | "bfvc18" | "bfvc20" | "bfvcB" | "bfvcE" | "bfvcG" | "bfvcUnrated";
    /** Rating system for Austria - Bundesministeriums f�r Unterricht, Kunst und Kultur! */
    bmukkRating?: "bmukk10" | "bmukk12" | "bmukk14" | "bmukk16" | "bmukk6" | "bmukk8" | "bmukkAa" | "bmukkUnrated";
    /** Rating system for Canadian TV - Canadian TV Classification System */
    catvRating?: "catv14plus" | "catv18plus" | "catvC" | "catvC8" | "catvG" | "catvPg" | "catvUnrated";
    /** Rating system for French Canadian TV - Regie du cinema */
    catvfrRating?: "catvfr13plus" | "catvfr16plus" | "catvfr18plus" | "catvfr8plus" | "catvfrG" | "catvfrUnrated";
    /** Rating system in India - Central Board of Film Certification */
    cbfcRating?: "cbfcA" | "cbfcS" | "cbfcU" | "cbfcUA" | "cbfcUnrated";
    /** Rating system for Chile - Consejo de Calificaci�n Cinematogr�fica */
    cccRating?: "ccc14" | "ccc18" | "ccc18s" | "ccc18v" | "ccc6" | "cccTe" | "cccUnrated";
    /** Rating system for Portugal - Comiss�o de Classifica��o de Espect�culos */
    cceRating?: "cceM12" | "cceM16" | "cceM18" | "cceM4" | "cceM6" | "cceUnrated";
    /** Rating system for Switzerland - Switzerland Rating System */
    chfilmRating?: "chfilm0" | "chfilm12" | "chfilm16" | "chfilm18" | "chfilm6" | "chfilmUnrated";
    /** Canadian Home Video Rating System */
    chvrsRating?: "chvrs14a" | "chvrs18a" | "chvrsE" | "chvrsG" | "chvrsPg" | "chvrsR" | "chvrsUnrated";
    /** Rating system for Belgium - Belgium Rating System */
    cicfRating?: "cicfE" | "cicfKntEna" | "cicfKtEa" | "cicfUnrated";
    /** Rating system for Romania - CONSILIUL NATIONAL AL AUDIOVIZUALULUI - CNA */
    cnaRating?: "cna12" | "cna15" | "cna18" | "cna18plus" | "cnaAp" | "cnaUnrated";
    /** Rating system for France - Conseil sup�rieur de l?audiovisuel */
    csaRating?: "csa10" | "csa12" | "csa16" | "csa18" | "csaInterdiction" | "csaUnrated";
    /** Rating system for Luxembourg - Commission de surveillance de la classification des films */
    cscfRating?: "cscf12" | "cscf16" | "cscf18" | "cscf6" | "cscfA" | "cscfUnrated";
    /** Rating system for Czech republic - Czech republic Rating System */
    czfilmRating?: "czfilm12" | "czfilm14" | "czfilm18" | "czfilmU" | "czfilmUnrated";
    /** Rating system in Brazil - Department of Justice, Rating, Titles and Qualification */
    djctqRating?: "djctq10" | "djctq12" | "djctq14" | "djctq16" | "djctq18" | "djctqL" | "djctqUnrated";
    djctqRatingReasons?: Array<"djctqCriminalActs" | "djctqDrugs" | "djctqExplicitSex" | "djctqExtremeViolence" | "djctqIllegalDrugs" | "djctqImpactingContent" | "djctqInappropriateLanguage" | "djctqLegalDrugs" | "djctqNudity" | "djctqSex" | "djctqSexualContent" | "djctqViolence">;
    /** Rating system for Estonia - Estonia Rating System */
    eefilmRating?: "eefilmK12" | "eefilmK14" | "eefilmK16" | "eefilmK6" | "eefilmL" | "eefilmMs12" | "eefilmMs6" | "eefilmPere" | "eefilmUnrated";
    /** Rating system for Egypt - Egypt Rating System */
    egfilmRating?: "egfilm18" | "egfilmBn" | "egfilmGn" | "egfilmUnrated";
    /** Rating system in Japan - Eiga Rinri Kanri Iinkai */
    eirinRating?: "eirinG" | "eirinPg12" | "eirinR15plus" | "eirinR18plus" | "eirinUnrated";
    /** Rating system for Malaysia - Film Censorship Board of Malaysia */
    fcbmRating?: "fcbm18" | "fcbm18pa" | "fcbm18pl" | "fcbm18sg" | "fcbm18sx" | "fcbmP13" | "fcbmU" | "fcbmUnrated";
    /** Rating system for Hong kong - Office for Film, Newspaper and Article Administration */
    fcoRating?: "fcoI" | "fcoIia" | "fcoIib" | "fcoIii" | "fcoUnrated";
    /** Rating system in France - French Minister of Culture */
    fmocRating?: "fmoc10" | "fmoc12" | "fmoc16" | "fmoc18" | "fmocE" | "fmocU" | "fmocUnrated";
    /** Rating system for South africa - Film & Publication Board */
    fpbRating?: "fpb1012Pg" | "fpb13" | "fpb16" | "fpb18" | "fpb79Pg" | "fpbA" | "fpbPg" | "fpbUnrated" | "fpbX18" | "fpbXx";
    /** Rating system in Germany - Voluntary Self Regulation of the Movie Industry */
    fskRating?: "fsk0" | "fsk12" | "fsk16" | "fsk18" | "fsk6" | "fskUnrated";
    /** Rating system for Greece - Greece Rating System */
    grfilmRating?: "grfilmE" | "grfilmK" | "grfilmK13" | "grfilmK17" | "grfilmUnrated";
    /** Rating system in Spain - Instituto de Cinematografia y de las Artes Audiovisuales */
    icaaRating?: "icaa12" | "icaa13" | "icaa16" | "icaa18" | "icaa7" | "icaaApta" | "icaaUnrated" | "icaaX";
    /** Rating system in Ireland - Irish Film Classification Office */
    ifcoRating?: "ifco12" | "ifco15" | "ifco18" | "ifcoG" | "ifcoPg" | "ifcoUnrated";
    /** Rating system for Israel - Israel Rating System */
    ilfilmRating?: "ilfilm12" | "ilfilm16" | "ilfilm18" | "ilfilmAa" | "ilfilmUnrated";
    /** Rating system for Argentina - Instituto Nacional de Cine y Artes Audiovisuales */
    incaaRating?: "incaaAtp" | "incaaC" | "incaaSam13" | "incaaSam16" | "incaaSam18" | "incaaUnrated";
    /** Rating system for Kenya - Kenya Film Classification Board */
    kfcbRating?: "kfcb16plus" | "kfcbG" | "kfcbPg" | "kfcbR" | "kfcbUnrated";
    /** Rating system for Netherlands - Nederlands Instituut voor de Classificatie van Audiovisuele Media */
    kijkwijzerRating?: "kijkwijzer12" | "kijkwijzer16" | "kijkwijzer6" | "kijkwijzer9" | "kijkwijzerAl" | "kijkwijzerUnrated";
    /** Rating system in South Korea - Korea Media Rating Board */
    kmrbRating?: "kmrb12plus" | "kmrb15plus" | "kmrbAll" | "kmrbR" | "kmrbTeenr" | "kmrbUnrated";
    /** Rating system for Indonesia - Lembaga Sensor Film */
    lsfRating?: "lsfA" | "lsfBo" | "lsfD" | "lsfR" | "lsfSu" | "lsfUnrated";
    /** Rating system for Malta - Film Age-Classification Board */
    mccaaRating?: "mccaa12" | "mccaa12a" | "mccaa14" | "mccaa15" | "mccaa16" | "mccaa18" | "mccaaPg" | "mccaaU" | "mccaaUnrated";
    /** Rating system for Denmark - The Media Council for Children and Young People */
    mccypRating?: "mccyp11" | "mccyp15" | "mccyp7" | "mccypA" | "mccypUnrated";
    /** Rating system for Singapore - Media Development Authority */
    mdaRating?: "mdaG" | "mdaM18" | "mdaNc16" | "mdaPg" | "mdaPg13" | "mdaR21" | "mdaUnrated";
    /** Rating system for Norway - Medietilsynet */
    medietilsynetRating?: "medietilsynet11" | "medietilsynet15" | "medietilsynet18" | "medietilsynet7" | "medietilsynetA" | "medietilsynetUnrated";
    /** Rating system for Finland - Finnish Centre for Media Education and Audiovisual Media */
    mekuRating?: "meku12" | "meku16" | "meku18" | "meku7" | "mekuS" | "mekuUnrated";
    /** Rating system in Italy - Ministero dei Beni e delle Attivita Culturali e del Turismo */
    mibacRating?: "mibacT" | "mibacUnrated" | "mibacVap" | "mibacVm12" | "mibacVm14" | "mibacVm18";
    /** Rating system for Colombia - MoC */
    mocRating?: "moc12" | "moc15" | "moc18" | "moc7" | "mocBanned" | "mocE" | "mocT" | "mocUnrated" | "mocX";
    /** Rating system for Taiwan - Ministry of Culture - Tawan */
    moctwRating?: "moctwG" | "moctwP" | "moctwPg" | "moctwR" | "moctwUnrated";
    /** Motion Picture Association of America rating for the content. */
    mpaaRating?: "mpaaG" | "mpaaNc17" | "mpaaPg" | "mpaaPg13" | "mpaaR" | "mpaaUnrated";
    /** Rating system for Philippines - MOVIE AND TELEVISION REVIEW AND CLASSIFICATION BOARD */
    mtrcbRating?: "mtrcbG" | "mtrcbPg" | "mtrcbR13" | "mtrcbR16" | "mtrcbR18" | "mtrcbUnrated" | "mtrcbX";
    /** Rating system for Maldives - National Bureau of Classification */
    nbcRating?: "nbc12plus" | "nbc15plus" | "nbc18plus" | "nbc18plusr" | "nbcG" | "nbcPg" | "nbcPu" | "nbcUnrated";
    /** Rating system for Poland - National Broadcasting Council */
    nbcplRating?: "nbcpl18plus" | "nbcplI" | "nbcplIi" | "nbcplIii" | "nbcplIv" | "nbcplUnrated";
    /** Rating system for Bulgaria - National Film Centre */
    nfrcRating?: "nfrcA" | "nfrcB" | "nfrcC" | "nfrcD" | "nfrcUnrated" | "nfrcX";
    /** Rating system for Nigeria - National Film and Video Censors Board */
    nfvcbRating?: "nfvcb12" | "nfvcb12a" | "nfvcb15" | "nfvcb18" | "nfvcbG" | "nfvcbPg" | "nfvcbRe" | "nfvcbUnrated";
    /** Rating system for Latvia - National Film Center of Latvia */
    nkclvRating?: "nkclv12plus" | "nkclv18plus" | "nkclv7plus" | "nkclvU" | "nkclvUnrated";
    /** Rating system in New Zealand - Office of Film and Literature Classification */
    oflcRating?: "oflcG" | "oflcM" | "oflcPg" | "oflcR13" | "oflcR15" | "oflcR16" | "oflcR18" | "oflcRp13" | "oflcRp16" | "oflcUnrated";
    /** Rating system for Peru - Peru Rating System */
    pefilmRating?: "pefilm14" | "pefilm18" | "pefilmPg" | "pefilmPt" | "pefilmUnrated";
    /** Rating system for Hungary - Rating Committee of the National Office of Film */
    rcnofRating?: "rcnofI" | "rcnofIi" | "rcnofIii" | "rcnofIv" | "rcnofUnrated" | "rcnofV" | "rcnofVi";
    /** Rating system for Venezuela - SiBCI */
    resorteviolenciaRating?: "resorteviolenciaA" | "resorteviolenciaB" | "resorteviolenciaC" | "resorteviolenciaD" | "resorteviolenciaE" | "resorteviolenciaUnrated";
    /** Rating system in Mexico - General Directorate of Radio, Television and Cinematography */
    rtcRating?: "rtcA" | "rtcAa" | "rtcB" | "rtcB15" | "rtcC" | "rtcD" | "rtcUnrated";
    /** Rating system for Ireland - Raidi� Teilif�s �ireann */
    rteRating?: "rteCh" | "rteGa" | "rteMa" | "rtePs" | "rteUnrated";
    /** Rating system in Russia */
    russiaRating?: "russia0" | "russia12" | "russia16" | "russia18" | "russia6" | "russiaUnrated";
    /** Rating system for Slovakia - Slovakia Rating System */
    skfilmRating?: "skfilmG" | "skfilmP2" | "skfilmP5" | "skfilmP8" | "skfilmUnrated";
    /** Rating system for Iceland - SMAIS */
    smaisRating?: "smais12" | "smais14" | "smais16" | "smais18" | "smais7" | "smaisL" | "smaisUnrated";
    /** Rating system for Sweden - Statens medier�d (National Media Council) */
    smsaRating?: "smsa11" | "smsa15" | "smsa7" | "smsaA" | "smsaUnrated";
    /** TV Parental Guidelines rating of the content. */
    tvpgRating?: "pg14" | "tvpgG" | "tvpgMa" | "tvpgPg" | "tvpgUnrated" | "tvpgY" | "tvpgY7" | "tvpgY7Fv";
    /** Internal YouTube rating. */
    ytRating?: "ytAgeRestricted";
};
/** Rights management policy for YouTube resources. */
export type YoutubeVideosListOutput_AccessPolicy = {
    /** The value of allowed indicates whether the access to the policy is allowed or denied by default. */
    allowed?: boolean;
    /** A list of region codes that identify countries where the default policy do not apply. */
    exception?: Array<string>;
};
/** DEPRECATED Region restriction of the video. */
export type YoutubeVideosListOutput_VideoContentDetailsRegionRestriction = {
    /** A list of region codes that identify countries where the video is viewable. If this property is present and a country is not listed in its value, then the video is blocked from appearing in that country. If this property is present and contains an empty list, the video is blocked in all countries. */
    allowed?: Array<string>;
    /** A list of region codes that identify countries where the video is blocked. If this property is present and a country is not listed in its value, then the video is viewable in that country. If this property is present and contains an empty list, the video is viewable in all countries. */
    blocked?: Array<string>;
};
export type YoutubeVideosListOutput_VideoConversionPings = {
    /** Pings that the app shall fire for a video (authenticated by biscotti cookie). Each ping has a context, in which the app must fire the ping, and a url identifying the ping. */
    pings?: Array<YoutubeVideosListOutput_VideoConversionPing>;
};
export type YoutubeVideosListOutput_VideoConversionPing = {
    /** Defines the context of the ping. */
    context?: "comment" | "dislike" | "like" | "share";
    /** The url (without the schema) that the app shall send the ping to. It's at caller's descretion to decide which schema to use (http vs https) Example of a returned url: //googleads.g.doubleclick.net/pagead/ viewthroughconversion/962985656/?data=path%3DtHe_path%3Btype%3D like%3Butuid%3DGISQtTNGYqaYl4sKxoVvKA%3Bytvid%3DUrIaJUvIQDg&labe=default The caller must append biscotti authentication (ms param in case of mobile, for example) to this ping. */
    conversionUrl?: string;
};
/** Describes original video file properties, including technical details about audio and video streams, but also metadata information like content length, digitization time, or geotagging information. */
export type YoutubeVideosListOutput_VideoFileDetails = {
    /** A list of audio streams contained in the uploaded video file. Each item in the list contains detailed metadata about an audio stream. */
    audioStreams?: Array<YoutubeVideosListOutput_VideoFileDetailsAudioStream>;
    /** The uploaded video file's combined (video and audio) bitrate in bits per second. */
    bitrateBps?: string;
    /** The uploaded video file's container format. */
    container?: string;
    /**
     * The date and time when the uploaded video file was created. The value is specified in ISO 8601 format. Currently, the following ISO 8601 formats are supported:
     * - Date only: YYYY-MM-DD
     * - Naive time: YYYY-MM-DDTHH:MM:SS
     * - Time with timezone: YYYY-MM-DDTHH:MM:SS+HH:MM
     */
    creationTime?: string;
    /** The length of the uploaded video in milliseconds. */
    durationMs?: string;
    /** The uploaded file's name. This field is present whether a video file or another type of file was uploaded. */
    fileName?: string;
    /** The uploaded file's size in bytes. This field is present whether a video file or another type of file was uploaded. */
    fileSize?: string;
    /** The uploaded file's type as detected by YouTube's video processing engine. Currently, YouTube only processes video files, but this field is present whether a video file or another type of file was uploaded. */
    fileType?: "archive" | "audio" | "document" | "image" | "other" | "project" | "video";
    /** Geographic coordinates that identify the place where the uploaded video was recorded. Coordinates are defined using WGS 84. */
    recordingLocation?: YoutubeVideosListOutput_GeoPoint;
    /** A list of video streams contained in the uploaded video file. Each item in the list contains detailed metadata about a video stream. */
    videoStreams?: Array<YoutubeVideosListOutput_VideoFileDetailsVideoStream>;
};
/** Information about an audio stream. */
export type YoutubeVideosListOutput_VideoFileDetailsAudioStream = {
    /** The audio stream's bitrate, in bits per second. */
    bitrateBps?: string;
    /** The number of audio channels that the stream contains. */
    channelCount?: number;
    /** The audio codec that the stream uses. */
    codec?: string;
    /** A value that uniquely identifies a video vendor. Typically, the value is a four-letter vendor code. */
    vendor?: string;
};
/** Geographical coordinates of a point, in WGS84. */
export type YoutubeVideosListOutput_GeoPoint = {
    /** Altitude above the reference ellipsoid, in meters. */
    altitude?: number;
    /** Latitude in degrees. */
    latitude?: number;
    /** Longitude in degrees. */
    longitude?: number;
};
/** Information about a video stream. */
export type YoutubeVideosListOutput_VideoFileDetailsVideoStream = {
    /** The video content's display aspect ratio, which specifies the aspect ratio in which the video should be displayed. */
    aspectRatio?: number;
    /** The video stream's bitrate, in bits per second. */
    bitrateBps?: string;
    /** The video codec that the stream uses. */
    codec?: string;
    /** The video stream's frame rate, in frames per second. */
    frameRateFps?: number;
    /** The encoded video content's height in pixels. */
    heightPixels?: number;
    /** The amount that YouTube needs to rotate the original source content to properly display the video. */
    rotation?: "clockwise" | "counterClockwise" | "none" | "other" | "upsideDown";
    /** A value that uniquely identifies a video vendor. Typically, the value is a four-letter vendor code. */
    vendor?: string;
    /** The encoded video content's width in pixels. You can calculate the video's encoding aspect ratio as width_pixels / height_pixels. */
    widthPixels?: number;
};
/** Details about the live streaming metadata. */
export type YoutubeVideosListOutput_VideoLiveStreamingDetails = {
    /** The time that the broadcast actually ended. The value is specified in ISO 8601 (YYYY-MM-DDThh:mm:ss.sZ) format. This value will not be available until the broadcast is over. */
    actualEndTime?: string;
    /** The time that the broadcast actually started. The value is specified in ISO 8601 (YYYY-MM-DDThh:mm:ss.sZ) format. This value will not be available until the broadcast begins. */
    actualStartTime?: string;
    /** The number of viewers currently watching the broadcast. The property and its value will be present if the broadcast has current viewers and the broadcast owner has not hidden the viewcount for the video. Note that YouTube stops tracking the number of concurrent viewers for a broadcast when the broadcast ends. So, this property would not identify the number of viewers watching an archived video of a live broadcast that already ended. */
    concurrentViewers?: string;
    /** The time that the broadcast is scheduled to end. The value is specified in ISO 8601 (YYYY-MM-DDThh:mm:ss.sZ) format. If the value is empty or the property is not present, then the broadcast is scheduled to continue indefinitely. */
    scheduledEndTime?: string;
    /** The time that the broadcast is scheduled to begin. The value is specified in ISO 8601 (YYYY-MM-DDThh:mm:ss.sZ) format. */
    scheduledStartTime?: string;
};
/** Localized versions of certain video properties (e.g. title). */
export type YoutubeVideosListOutput_VideoLocalization = {
    /** Localized version of the video's description. */
    description?: string;
    /** Localized version of the video's title. */
    title?: string;
};
/** Details about monetization of a YouTube Video. */
export type YoutubeVideosListOutput_VideoMonetizationDetails = {
    /** The value of access indicates whether the video can be monetized or not. */
    access?: YoutubeVideosListOutput_AccessPolicy;
};
/** Player to be used for a video playback. */
export type YoutubeVideosListOutput_VideoPlayer = {
    /** An <iframe> tag that embeds a player that will play the video. */
    embedHtml?: string;
};
/** Describes processing status and progress and availability of some other Video resource parts. */
export type YoutubeVideosListOutput_VideoProcessingDetails = {
    /** This value indicates whether video editing suggestions, which might improve video quality or the playback experience, are available for the video. You can retrieve these suggestions by requesting the suggestions part in your videos.list() request. */
    editorSuggestionsAvailability?: string;
    /** This value indicates whether file details are available for the uploaded video. You can retrieve a video's file details by requesting the fileDetails part in your videos.list() request. */
    fileDetailsAvailability?: string;
    /** The reason that YouTube failed to process the video. This property will only have a value if the processingStatus property's value is failed. */
    processingFailureReason?: "other" | "streamingFailed" | "transcodeFailed" | "uploadFailed";
    /** This value indicates whether the video processing engine has generated suggestions that might improve YouTube's ability to process the the video, warnings that explain video processing problems, or errors that cause video processing problems. You can retrieve these suggestions by requesting the suggestions part in your videos.list() request. */
    processingIssuesAvailability?: string;
    /** The processingProgress object contains information about the progress YouTube has made in processing the video. The values are really only relevant if the video's processing status is processing. */
    processingProgress?: YoutubeVideosListOutput_VideoProcessingDetailsProcessingProgress;
    /** The video's processing status. This value indicates whether YouTube was able to process the video or if the video is still being processed. */
    processingStatus?: "failed" | "processing" | "succeeded" | "terminated";
    /** This value indicates whether keyword (tag) suggestions are available for the video. Tags can be added to a video's metadata to make it easier for other users to find the video. You can retrieve these suggestions by requesting the suggestions part in your videos.list() request. */
    tagSuggestionsAvailability?: string;
    /** This value indicates whether thumbnail images have been generated for the video. */
    thumbnailsAvailability?: string;
};
/** Video processing progress and completion time estimate. */
export type YoutubeVideosListOutput_VideoProcessingDetailsProcessingProgress = {
    /**
     * The number of parts of the video that YouTube has already processed. You can estimate the percentage of the video that YouTube has already processed by calculating:
     * 100 * parts_processed / parts_total
     *
     * Note that since the estimated number of parts could increase without a corresponding increase in the number of parts that have already been processed, it is possible that the calculated progress could periodically decrease while YouTube processes a video.
     */
    partsProcessed?: string;
    /** An estimate of the total number of parts that need to be processed for the video. The number may be updated with more precise estimates while YouTube processes the video. */
    partsTotal?: string;
    /** An estimate of the amount of time, in millseconds, that YouTube needs to finish processing the video. */
    timeLeftMs?: string;
};
/** Project specific details about the content of a YouTube Video. */
export type YoutubeVideosListOutput_VideoProjectDetails = {
    /** A list of project tags associated with the video during the upload. */
    tags?: Array<string>;
};
/** Recording information associated with the video. */
export type YoutubeVideosListOutput_VideoRecordingDetails = {
    /** The geolocation information associated with the video. */
    location?: YoutubeVideosListOutput_GeoPoint;
    /** The text description of the location where the video was recorded. */
    locationDescription?: string;
    /** The date and time when the video was recorded. The value is specified in ISO 8601 (YYYY-MM-DDThh:mm:ss.sssZ) format. */
    recordingDate?: string;
};
/** Basic details about a video, including title, description, uploader, thumbnails and category. */
export type YoutubeVideosListOutput_VideoSnippet = {
    /** The YouTube video category associated with the video. */
    categoryId?: string;
    /** The ID that YouTube uses to uniquely identify the channel that the video was uploaded to. */
    channelId?: string;
    /** Channel title for the channel that the video belongs to. */
    channelTitle?: string;
    /** The default_audio_language property specifies the language spoken in the video's default audio track. */
    defaultAudioLanguage?: string;
    /** The language of the videos's default snippet. */
    defaultLanguage?: string;
    /** The video's description. */
    description?: string;
    /** Indicates if the video is an upcoming/active live broadcast. Or it's "none" if the video is not an upcoming/active live broadcast. */
    liveBroadcastContent?: "live" | "none" | "upcoming";
    /** Localized snippet selected with the hl parameter. If no such localization exists, this field is populated with the default snippet. (Read-only) */
    localized?: YoutubeVideosListOutput_VideoLocalization;
    /** The date and time that the video was uploaded. The value is specified in ISO 8601 (YYYY-MM-DDThh:mm:ss.sZ) format. */
    publishedAt?: string;
    /** A list of keyword tags associated with the video. Tags may contain spaces. This field is only visible to the video's uploader. */
    tags?: Array<string>;
    /** A map of thumbnail images associated with the video. For each object in the map, the key is the name of the thumbnail image, and the value is an object that contains other information about the thumbnail. */
    thumbnails?: YoutubeVideosListOutput_ThumbnailDetails;
    /** The video's title. */
    title?: string;
};
/** Internal representation of thumbnails for a YouTube resource. */
export type YoutubeVideosListOutput_ThumbnailDetails = {
    /** The default image for this resource. */
    default?: YoutubeVideosListOutput_Thumbnail;
    /** The high quality image for this resource. */
    high?: YoutubeVideosListOutput_Thumbnail;
    /** The maximum resolution quality image for this resource. */
    maxres?: YoutubeVideosListOutput_Thumbnail;
    /** The medium quality image for this resource. */
    medium?: YoutubeVideosListOutput_Thumbnail;
    /** The standard quality image for this resource. */
    standard?: YoutubeVideosListOutput_Thumbnail;
};
/** A thumbnail is an image representing a YouTube resource. */
export type YoutubeVideosListOutput_Thumbnail = {
    /** (Optional) Height of the thumbnail image. */
    height?: number;
    /** The thumbnail image's URL. */
    url?: string;
    /** (Optional) Width of the thumbnail image. */
    width?: number;
};
/** Statistics about the video, such as the number of times the video was viewed or liked. */
export type YoutubeVideosListOutput_VideoStatistics = {
    /** The number of comments for the video. */
    commentCount?: string;
    /** The number of users who have indicated that they disliked the video by giving it a negative rating. */
    dislikeCount?: string;
    /** The number of users who currently have the video marked as a favorite video. */
    favoriteCount?: string;
    /** The number of users who have indicated that they liked the video by giving it a positive rating. */
    likeCount?: string;
    /** The number of times the video has been viewed. */
    viewCount?: string;
};
/** Basic details about a video category, such as its localized title. */
export type YoutubeVideosListOutput_VideoStatus = {
    /** This value indicates if the video can be embedded on another website. */
    embeddable?: boolean;
    /** This value explains why a video failed to upload. This property is only present if the uploadStatus property indicates that the upload failed. */
    failureReason?: "codec" | "conversion" | "emptyFile" | "invalidFile" | "tooSmall" | "uploadAborted";
    /** The video's license. */
    license?: "creativeCommon" | "youtube";
    /** The video's privacy status. */
    privacyStatus?: "private" | "public" | "unlisted";
    /** This value indicates if the extended video statistics on the watch page can be viewed by everyone. Note that the view count, likes, etc will still be visible if this is disabled. */
    publicStatsViewable?: boolean;
    /** The date and time when the video is scheduled to publish. It can be set only if the privacy status of the video is private. The value is specified in ISO 8601 (YYYY-MM-DDThh:mm:ss.sZ) format. */
    publishAt?: string;
    /** This value explains why YouTube rejected an uploaded video. This property is only present if the uploadStatus property indicates that the upload was rejected. */
    rejectionReason?: "claim" | "copyright" | "duplicate" | "inappropriate" | "length" | "termsOfUse" | "trademark" | "uploaderAccountClosed" | "uploaderAccountSuspended";
    /** The status of the uploaded video. */
    uploadStatus?: "deleted" | "failed" | "processed" | "rejected" | "uploaded";
};
/** Specifies suggestions on how to improve video content, including encoding hints, tag suggestions, and editor suggestions. */
export type YoutubeVideosListOutput_VideoSuggestions = {
    /** A list of video editing operations that might improve the video quality or playback experience of the uploaded video. */
    editorSuggestions?: Array<"audioQuietAudioSwap" | "videoAutoLevels" | "videoCrop" | "videoStabilize">;
    /** A list of errors that will prevent YouTube from successfully processing the uploaded video video. These errors indicate that, regardless of the video's current processing status, eventually, that status will almost certainly be failed. */
    processingErrors?: Array<"archiveFile" | "audioFile" | "docFile" | "imageFile" | "notAVideoFile" | "projectFile">;
    /** A list of suggestions that may improve YouTube's ability to process the video. */
    processingHints?: Array<"nonStreamableMov" | "sendBestQualityVideo">;
    /** A list of reasons why YouTube may have difficulty transcoding the uploaded video or that might result in an erroneous transcoding. These warnings are generated before YouTube actually processes the uploaded video file. In addition, they identify issues that are unlikely to cause the video processing to fail but that might cause problems such as sync issues, video artifacts, or a missing audio track. */
    processingWarnings?: Array<"hasEditlist" | "inconsistentResolution" | "problematicAudioCodec" | "problematicVideoCodec" | "unknownAudioCodec" | "unknownContainer" | "unknownVideoCodec">;
    /** A list of keyword tags that could be added to the video's metadata to increase the likelihood that users will locate your video when searching or browsing on YouTube. */
    tagSuggestions?: Array<YoutubeVideosListOutput_VideoSuggestionsTagSuggestion>;
};
/** A single tag suggestion with it's relevance information. */
export type YoutubeVideosListOutput_VideoSuggestionsTagSuggestion = {
    /** A set of video categories for which the tag is relevant. You can use this information to display appropriate tag suggestions based on the video category that the video uploader associates with the video. By default, tag suggestions are relevant for all categories if there are no restricts defined for the keyword. */
    categoryRestricts?: Array<string>;
    /** The keyword tag suggested for the video. */
    tag?: string;
};
/** Freebase topic information related to the video. */
export type YoutubeVideosListOutput_VideoTopicDetails = {
    /** Similar to topic_id, except that these topics are merely relevant to the video. These are topics that may be mentioned in, or appear in the video. You can retrieve information about each topic using Freebase Topic API. */
    relevantTopicIds?: Array<string>;
    /** A list of Freebase topic IDs that are centrally associated with the video. These are topics that are centrally featured in the video, and it can be said that the video is mainly about each of these. You can retrieve information about each topic using the Freebase Topic API. */
    topicIds?: Array<string>;
};
/** Paging details for lists of resources, including total number of items available and number of resources returned in a single page. */
export type YoutubeVideosListOutput_PageInfo = {
    /** The number of results included in the API response. */
    resultsPerPage?: number;
    /** The total number of results in the result set. */
    totalResults?: number;
};
/** Stub token pagination template to suppress results. */
export type YoutubeVideosListOutput_TokenPagination = {
    [key: string]: unknown;
};
/** Input of youtube_videos_rate. */
export type YoutubeVideosRateInput = {
    /** Query parameters. */
    query: {
        /** The id parameter specifies the YouTube video ID of the video that is being rated or having its rating removed. */
        id: string;
        /** Specifies the rating to record. */
        rating: "dislike" | "like" | "none";
        /**
         * Note: This parameter is intended exclusively for YouTube content partners.
         *
         * The onBehalfOfContentOwner parameter indicates that the request's authorization credentials identify a YouTube CMS user who is acting on behalf of the content owner specified in the parameter value. This parameter is intended for YouTube content partners that own and manage many different YouTube channels. It allows content owners to authenticate once and get access to all their video and channel data, without having to provide authentication credentials for each individual channel. The CMS account that the user authenticates with must be linked to the specified YouTube content owner.
         */
        onBehalfOfContentOwner?: string;
    };
};
/** Result of youtube_videos_rate. */
export type YoutubeVideosRateOutput = unknown;
/** YouTube Data API: Google's YouTube Data API v3 from its discovery document: videos, ratings and comment threads. */
export interface Client {
    /** Returns a list of comment threads that match the API request parameters. */
    youtube_commentThreads_list(input: YoutubeCommentThreadsListInput): Promise<YoutubeCommentThreadsListOutput>;
    /** Retrieves the ratings that the authorized user gave to a list of specified videos. */
    youtube_videos_getRating(input: YoutubeVideosGetRatingInput): Promise<YoutubeVideosGetRatingOutput>;
    /** Returns a list of videos that match the API request parameters. */
    youtube_videos_list(input: YoutubeVideosListInput): Promise<YoutubeVideosListOutput>;
    /** Add a like or dislike rating to a video or remove a rating from a video. */
    youtube_videos_rate(input: YoutubeVideosRateInput): Promise<YoutubeVideosRateOutput>;
}
